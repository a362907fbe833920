-- Drives a headless Neovim 0.11 whose init.lua only puts editors/neovim on the runtimepath and
-- calls vim.lsp.enable("phh_lsp") (see test_neovim_enable.py). As a user: open a hand whose
-- first hole cards have a mistake, wait for the diagnostics, put the line right, and :w (format
-- on save). What was seen goes to $PHH_NVIM_OUT as JSON; it always writes that file and quits.
local out_path = assert(os.getenv("PHH_NVIM_OUT"))
local wait_ms = tonumber(os.getenv("PHH_NVIM_WAIT_MS") or "15000")
local result = { errors = {} }

local function run()
  vim.cmd("edit " .. vim.fn.fnameescape(assert(os.getenv("PHH_NVIM_HAND"))))
  local buf = vim.api.nvim_get_current_buf()
  result.filetype = vim.bo[buf].filetype
  result.commentstring = vim.bo[buf].commentstring
  result.attached = vim.wait(wait_ms, function()
    return #vim.lsp.get_clients({ name = "phh_lsp", bufnr = buf }) > 0
  end, 20)
  result.completion = vim.bo[buf].completeopt
  result.seen = vim.wait(wait_ms, function()
    return #vim.diagnostic.get(buf) > 0
  end, 20)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, { code = d.code, line = d.lnum, message = d.message })
  end
  result.syntax = vim.bo[buf].syntax
  -- put the mistake right, then save: the plugin's on_attach formats before writing
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for number, line in ipairs(lines) do
    lines[number] = line:gsub("Ax2d", "Ac2d")
  end
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.cmd("write")
  result.cleared = vim.wait(wait_ms, function()
    return #vim.diagnostic.get(buf) == 0
  end, 20)
end

local ok, err = pcall(run)
if not ok then
  table.insert(result.errors, tostring(err))
end
result.messages = vim.api.nvim_exec2 and vim.api.nvim_exec2("messages", { output = true }).output or ""
local file = assert(io.open(out_path, "w"))
file:write(vim.json.encode(result))
file:close()
vim.cmd("qall!")
