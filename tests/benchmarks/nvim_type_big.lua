-- Keystroke -> diagnostics in real Neovim (0.7.2 or later) on a very large .phhs (issue #33).
--
-- Waits for the whole file's diagnostics (a publish of more than 100), then at twelve places
-- in the second half of the file types a character and deletes it again, one minimal change
-- each, as a user's keystroke and backspace (../shared/tools/nvim-lsp-probe's --type sets every
-- line of the buffer back after an edit instead, which Neovim 0.7.2 sends as the whole text);
-- times the didChange written (Neovim's debounce not counted) -> its publishDiagnostics
-- handled. Six digits typed into amounts (`0.2` -> `0.52`) and six `[` typed before an array's
-- string (it opens an array). Prints each time and the median. Run from the project root:
--
--   .venv/bin/python -c "import sys, pathlib; sys.path.insert(0, 'tests/benchmarks'); import \
--     bench_big_document as b; print(b.build(50000, pathlib.Path('/tmp')))"
--   FILE=/tmp/big-50000.phhs SERVER="$PWD/.venv/bin/python -m phh_lsp" CWD=$PWD \
--     nvim --headless --clean -n -c 'luafile tests/benchmarks/nvim_type_big.lua'
--
-- CWD is the tree whose phh_lsp the server runs (python -m imports the working folder's
-- first): a second tree there gives the before/after pair. OUT: also write the lines there.
local uv = vim.loop
local function now() return uv.hrtime() / 1e6 end
local lines_out = {}
local function say(text) table.insert(lines_out, text); io.stdout:write(text .. '\n') end

vim.cmd('edit ' .. os.getenv('FILE'))
vim.bo.filetype = 'phh'
local bufnr = vim.api.nvim_get_current_buf()
local uri = vim.uri_from_bufnr(bufnr)
local publishes, sent = {}, {}
local handlers = {
  ['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    if result and result.uri == uri then
      table.insert(publishes, { t = now(), version = result.version, count = #result.diagnostics })
    end
    return vim.lsp.handlers['textDocument/publishDiagnostics'](err, result, ctx, config)
  end,
  ['window/workDoneProgress/create'] = function() return vim.NIL end,
  ['$/progress'] = function() end,
}
local id = vim.lsp.start_client({
  name = 'phh-lsp', cmd = vim.split(os.getenv('SERVER'), ' '), cmd_cwd = os.getenv('CWD'),
  root_dir = os.getenv('CWD'), handlers = handlers, flags = { debounce_text_changes = 150 },
})
local client = vim.lsp.get_client_by_id(id)
local notify = client.notify
client.notify = function(method, params)
  if method == 'textDocument/didChange' then sent[params.textDocument.version] = now() end
  return notify(method, params)
end
vim.lsp.buf_attach_client(bufnr, id)

local start = now()
vim.wait(3600000, function() local last = publishes[#publishes]; return last ~= nil and last.count > 100 end, 50)
say(string.format('whole file published %.0f ms after the client started', now() - start))
vim.wait(5000) -- the server's idle collection after its whole check

-- twelve places in the second half: a digit into `0.2`, then a `[` before a string after `, `
local places, digits, brackets = {}, 0, 0
local count = vim.api.nvim_buf_line_count(bufnr)
local row = math.floor(count / 2)
while row < count and #places < 12 do
  local text = vim.api.nvim_buf_get_lines(bufnr, row, row + 1, true)[1]
  local amount, quoted = text:find('0.2', 1, true), text:find(", '", 1, true)
  if digits <= brackets and amount then
    table.insert(places, { row, amount + 1, '5' }); digits = digits + 1; row = row + 7919
  elseif brackets < digits and quoted then
    table.insert(places, { row, quoted + 1, '[' }); brackets = brackets + 1; row = row + 7919
  else
    row = row + 1
  end
end

local function published(version)
  vim.wait(60000, function()
    for _, p in ipairs(publishes) do if p.version == version then return true end end
    return false
  end, 1)
  for _, p in ipairs(publishes) do if p.version == version then return p.t end end
  error('no diagnostics for version ' .. version)
end

local function change(line, from, to, text)
  vim.api.nvim_buf_set_text(bufnr, line, from, line, to, { text })
  vim.wait(2000, function() return sent[vim.lsp.util.buf_versions[bufnr]] ~= nil end, 1)
  local version = vim.lsp.util.buf_versions[bufnr]
  return published(version) - sent[version]
end

local typed = {}
for _, place in ipairs(places) do
  local line, column, text = place[1], place[2], place[3]
  local took = change(line, column, column, text)
  table.insert(typed, took)
  vim.wait(400)
  local deleted = change(line, column, column + #text, '')
  say(string.format('%s typed at %d:%d: %.1f ms (deleted: %.1f ms)', text, line, column, took, deleted))
  vim.wait(400)
end
table.sort(typed)
say(string.format('keystroke -> diagnostics, median %.1f ms over %d (max %.1f)', typed[math.floor((#typed + 1) / 2)], #typed, typed[#typed]))
if os.getenv('OUT') then
  local file = io.open(os.getenv('OUT'), 'w')
  file:write(table.concat(lines_out, '\n') .. '\n')
  file:close()
end
vim.lsp.stop_client(id)
vim.wait(2000)
vim.cmd('qa!')
