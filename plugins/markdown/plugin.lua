-- Markdown: a share target. `share markdown` writes the active document as a .md file into
-- its folder (or `--to DIR`; an unsaved document is printed instead). A table becomes a
-- Markdown table, columns in their order, numbers right-aligned; text is shared as it is.

-- Splits CSV text (RFC 4180: quoted fields, "" for a quote, line breaks inside quotes) into
-- records of fields. Reading the shared CSV keeps every cell exactly as the table holds it.
-- `find` jumps from separator to separator, so long tables stay cheap.
local function parse_csv(text)
  local records, record, i = {}, {}, 1
  while i <= #text do
    local value
    if text:sub(i, i) == '"' then
      local parts, j = {}, i + 1
      while true do
        local quote = text:find('"', j, true) or #text + 1
        parts[#parts + 1] = text:sub(j, quote - 1)
        if text:sub(quote + 1, quote + 1) ~= '"' then i = quote + 1; break end
        parts[#parts + 1] = '"' -- "" inside quotes is one quote
        j = quote + 2
      end
      value = table.concat(parts)
    else
      local stop = text:find("[,\r\n]", i) or #text + 1
      value, i = text:sub(i, stop - 1), stop
    end
    record[#record + 1] = value
    if text:sub(i, i) == "," then
      i = i + 1
    else -- a line break or the end of the text ends the record
      i = i + (text:sub(i, i + 1) == "\r\n" and 2 or 1)
      records[#records + 1], record = record, {}
    end
  end
  if #record > 0 then -- the text ended just after a comma: one more, empty, field
    record[#record + 1] = ""
    records[#records + 1] = record
  end
  return records
end

-- A cell as Markdown: `|` escaped, line breaks as <br> (a table row is one line).
local function cell(text)
  return (text:gsub("|", "\\|"):gsub("\r?\n", "<br>"))
end

-- What Lua reads as a number ("4.5", "-2", "1e3") aligns right.
local function is_number(text) return tonumber(text) ~= nil end

local function markdown_table(records)
  local header = records[1]
  local columns, width, numeric = #header, {}, {}
  -- Markdown wants at least three dashes a column. `numeric[c]` stays nil while the column
  -- has no value, becomes true with numbers and false for good at the first non-number.
  for c = 1, columns do width[c] = 3 end
  local rows = {}
  for r, record in ipairs(records) do
    rows[r] = {}
    for c = 1, columns do
      local text = record[c] or ""
      rows[r][c] = cell(text)
      width[c] = math.max(width[c], utf8.len(rows[r][c]) or #rows[r][c])
      if r > 1 and text ~= "" then numeric[c] = (numeric[c] ~= false) and is_number(text) end
    end
  end
  local function line(values)
    local padded = {}
    for c = 1, columns do
      local gap = string.rep(" ", width[c] - (utf8.len(values[c]) or #values[c]))
      padded[c] = numeric[c] and (gap .. values[c]) or (values[c] .. gap)
    end
    return "| " .. table.concat(padded, " | ") .. " |"
  end
  local out = { line(rows[1]) }
  local rule = {}
  for c = 1, columns do
    rule[c] = numeric[c] and (string.rep("-", width[c] - 1) .. ":") or string.rep("-", width[c])
  end
  out[2] = "| " .. table.concat(rule, " | ") .. " |"
  for r = 2, #rows do out[#out + 1] = line(rows[r]) end
  return table.concat(out, "\n") .. "\n"
end

folio.share_target {
  id = "markdown", title = "Markdown",
  -- The representations it takes, most preferred first: tables offer csv, text documents text.
  accepts = { "csv", "text" },
  send = function(_, item)
    if item.representation == "text" then return item.text, "md" end
    local records = parse_csv(item.text)
    if #records == 0 then return "", "md" end
    return markdown_table(records), "md"
  end,
}
