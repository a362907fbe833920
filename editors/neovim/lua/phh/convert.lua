-- :PhhConvert: this buffer, a poker site's hand history, converted by phh-lsp's phh.convert
-- command and opened as PHH in a new window beside it; every hand that could not be
-- converted, or whose replay does not match the history, is named with its line. The new
-- buffer is named after the history (stars.txt -> stars.phhs, in the same folder) and left
-- unsaved: :w writes it there, never over a file or buffer that already has the name.
local phh = require("phh")

local M = {}

--- The name for the converted hands of `path`: `<name>.phhs` beside it, or `<name>-2.phhs`,
--- `-3`... when a file or buffer already has it; nil for an unnamed buffer.
function M.converted_name(path)
  if path == "" then return nil end
  local stem = vim.fn.fnamemodify(path, ":p:r")
  local name, count = stem .. ".phhs", 1
  while vim.fn.bufexists(name) == 1 or vim.fn.filereadable(name) == 1 do
    count = count + 1
    name = string.format("%s-%d.phhs", stem, count)
  end
  return name
end

function M.run()
  local source = vim.api.nvim_get_current_buf()
  local text = table.concat(vim.api.nvim_buf_get_lines(source, 0, -1, false), "\n") .. "\n"
  local name = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(source), ":t")
  local target = M.converted_name(vim.api.nvim_buf_get_name(source))

  local function show(err, answer)
    if err or not answer then
      vim.notify("PhhConvert: " .. (err and err.message or "no answer from phh-lsp"), vim.log.levels.ERROR)
      return
    end
    for _, report in ipairs(vim.list_extend(vim.list_extend({}, answer.problems), answer.failed)) do
      vim.notify(string.format("%s:%d: %s", name, report.line, report.message), vim.log.levels.WARN)
    end
    if answer.converted == 0 then
      local why = answer.site == vim.NIL and "no hand history of a supported site" or "no hand converted"
      vim.notify("PhhConvert: " .. name .. ": " .. why, vim.log.levels.ERROR)
      return
    end
    local lines = vim.split(answer.text, "\n", { plain = true })
    if lines[#lines] == "" then table.remove(lines) end
    vim.cmd("vnew")
    if target then vim.api.nvim_buf_set_name(0, target) end
    vim.api.nvim_buf_set_lines(0, 0, -1, false, lines)
    vim.bo.filetype = "phh" -- setup() attaches phh-lsp to it
    vim.notify("PhhConvert: " .. answer.summary)
  end

  local function convert(client)
    phh.request(client, "workspace/executeCommand",
      { command = "phh.convert", arguments = { text, vim.NIL, name } }, show)
  end
  -- The phh-lsp already running, or one started for this command (the history is no PHH
  -- file: the server is not attached to it).
  local running = phh.clients()
  if running[1] then return convert(running[1]) end
  local config = { name = "phh_lsp", cmd = phh.options.cmd, root_dir = vim.fn.getcwd(),
    on_init = function(client) convert(client) end }
  if vim.fn.has("nvim-0.11") == 1 then
    vim.lsp.start(config, { attach = false })
  else
    vim.lsp.start_client(config)
  end
end

return M
