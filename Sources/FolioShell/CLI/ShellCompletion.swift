/// Completion scripts for `folio` in bash, zsh and fish, written by `folio --completion
/// SHELL` from the options `folio --help` documents, so they complete exactly those: option
/// names, their values (folders, platforms, choices), `run` and file names.
public enum ShellCompletion {
  /// A shell Folio writes completions for.
  public enum Shell: String, CaseIterable, Sendable {
    case bash, zsh, fish
  }

  /// The completion script for `shell`.
  ///
  /// - Parameter usage: the text of `folio --help`, whose options it completes.
  static func script(for shell: Shell, usage: String) -> String {
    let options = LaunchOptionSummary.parse(usage: usage)
    switch shell {
    case .bash: return bash(options)
    case .zsh: return zsh(options)
    case .fish: return fish(options)
    }
  }

  private static let runSummary = "replay command files, in order"

  private static func bash(_ options: [LaunchOptionSummary]) -> String {
    var valueCases: [String] = []
    for option in options where option.value != .none && !option.takesValueAfterEquals {
      let names = option.names.joined(separator: "|")
      switch option.value {
      case .folder: valueCases.append("    \(names)) COMPREPLY=($(compgen -d -- \"$cur\")); return ;;")
      case .file: valueCases.append("    \(names)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;")
      case .choice(let words):
        valueCases.append(
          "    \(names)) COMPREPLY=($(compgen -W '\(words.joined(separator: " "))' -- \"$cur\")); return ;;")
      case .free, .none: valueCases.append("    \(names)) return ;;")
      }
    }
    var equalsCases: [String] = []
    for option in options where option.takesValueAfterEquals {
      if case .choice(let words) = option.value {
        let candidates = words.map { option.longName + "=" + $0 }.joined(separator: " ")
        equalsCases.append(
          "    \(option.longName)=*) COMPREPLY=($(compgen -W '\(candidates)' -- \"$cur\")); return ;;")
      }
    }
    let words = options.map { $0.longName + ($0.takesValueAfterEquals ? "=" : "") }.joined(separator: " ")
    return """
      # bash completion for folio; written by `folio --completion bash`.
      _folio() {
        local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
        case $prev in
      \(valueCases.joined(separator: "\n"))
        esac
        case $cur in
      \(equalsCases.joined(separator: "\n"))
          -*) COMPREPLY=($(compgen -W '\(words)' -- "$cur")); return ;;
        esac
        local i
        for ((i = 1; i < COMP_CWORD; i++)); do
          [[ ${COMP_WORDS[i]} != -* ]] && break
        done
        if ((i == COMP_CWORD)); then
          COMPREPLY=($(compgen -W 'run' -- "$cur") $(compgen -f -- "$cur"))
        else
          COMPREPLY=($(compgen -f -- "$cur"))
        fi
      }
      complete -o filenames -F _folio folio

      """
  }

  private static func zsh(_ options: [LaunchOptionSummary]) -> String {
    func quoted(_ text: String) -> String {
      var result = ""
      for character in text {
        switch character {
        case "[", "]", "\\": result += "\\" + String(character)
        case "'": result += "'\\''"
        default: result.append(character)
        }
      }
      return result
    }
    var specs: [String] = []
    for option in options {
      let action: String =
        switch option.value {
        case .none: ""
        case .folder: ":\(option.placeholder ?? "folder"):_files -/"
        case .file: ":\(option.placeholder ?? "file"):_files"
        case .choice(let words): ":\(option.placeholder ?? "value"):(\(words.joined(separator: " ")))"
        case .free: ":\(option.placeholder ?? "value"): "
        }
      let repeatable = option.summary.containsText("repeatable") ? "*" : ""
      let exclusive = option.names.count > 1 ? "(\(option.names.joined(separator: " ")))" : ""
      let names =
        option.names.count > 1
        ? "{\(option.names.map { $0 + (option.takesValueAfterEquals ? "=" : "") }.joined(separator: ","))}"
        : option.longName + (option.takesValueAfterEquals ? "=" : "")
      specs.append("  '\(repeatable)\(exclusive)'\(names)'[\(quoted(option.summary))]\(action)' \\")
    }
    return """
      #compdef folio
      # zsh completion for folio; written by `folio --completion zsh`.
      _arguments -s \\
      \(specs.joined(separator: "\n"))
        '1:document, or run:{_alternative "commands:command:(run)" "files:document:_files"}' \\
        '*:document or script:_files'

      """
  }

  private static func fish(_ options: [LaunchOptionSummary]) -> String {
    func quoted(_ text: String) -> String {
      "'" + text.replacingText("\\", with: "\\\\").replacingText("'", with: "\\'") + "'"
    }
    var lines = ["# fish completion for folio; written by `folio --completion fish`."]
    for option in options {
      var line = "complete -c folio"
      for name in option.names {
        line += name.hasPrefix("--") ? " -l \(name.dropFirst(2))" : " -s \(name.dropFirst())"
      }
      switch option.value {
      case .none: break
      case .folder: line += " -x -a '(__fish_complete_directories)'"
      case .file: line += " -r -F"
      case .choice(let words): line += " -x -a " + quoted(words.joined(separator: " "))
      case .free: line += " -x"
      }
      lines.append(line + " -d " + quoted(option.summary))
    }
    lines.append("complete -c folio -n '__fish_is_first_arg' -a run -d " + quoted(runSummary))
    return lines.joined(separator: "\n") + "\n"
  }
}
