-- Drives `folio --embed --encoding msgpack-rpc` from Neovim itself: a job started with
-- `rpc = true`, asked with `rpcrequest`. Writes what it saw, a line each, to
-- $FOLIO_RESULT, and quits.
local lines = {}
local ok, failure = pcall(function()
  local chan = vim.fn.jobstart(
    { os.getenv('FOLIO'), '--embed', '--encoding', 'msgpack-rpc', '--no-plugins' }, { rpc = true })
  local init = vim.rpcrequest(chan, 'initialize', { protocolVersion = '1.3', clientName = 'nvim', notifications = {} })
  table.insert(lines, 'encoding ' .. init.encoding)
  local search = vim.rpcrequest(chan, 'commands.search', { query = 'sav', limit = 1 })
  table.insert(lines, 'match ' .. search.matches[1].id)
  local refused, err = pcall(vim.rpcrequest, chan, 'nope', vim.empty_dict())
  table.insert(lines, 'refused ' .. tostring(not refused))
  -- The error's last line is the message Folio sent (Neovim may put where it came from first).
  local said = vim.split(tostring(err), '\n')
  table.insert(lines, 'error ' .. said[#said])
  vim.rpcrequest(chan, 'shutdown')
  vim.rpcnotify(chan, 'exit')
  table.insert(lines, 'exit ' .. vim.fn.jobwait({ chan }, 60000)[1])
end)
if not ok then table.insert(lines, 'failed ' .. tostring(failure)) end
vim.fn.writefile(lines, os.getenv('FOLIO_RESULT'))
vim.cmd('qall!')
