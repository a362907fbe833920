-- :checkhealth phh: is the server there, which version, which Python, is it attached.
local M = {}

local health = vim.health or require("health") -- vim.health from 0.9; require("health") on 0.7/0.8
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local error = health.error or health.report_error
local info = health.info or health.report_info

function M.check()
  local phh = require("phh")
  start("phh-lsp server")
  local cmd = phh.options.cmd
  local program = vim.fn.exepath(cmd[1])
  if program == "" then
    error(cmd[1] .. " is not found on PATH", {
      "pip install phh-lsp (or pipx install .) and put its folder on PATH",
      'or set the full path: require("phh").setup({ cmd = { "/path/to/phh-lsp" } })',
    })
    return
  end
  ok("server: " .. program)
  local version_cmd = vim.list_extend(vim.deepcopy(cmd), { "--version" })
  local version = vim.fn.system(version_cmd)
  if vim.v.shell_error ~= 0 then
    error(table.concat(version_cmd, " ") .. " failed: " .. vim.trim(version))
    return
  end
  -- "phh-lsp 0.1.0 (Python 3.11.7: /path/to/python)"
  local name, python = vim.trim(version):match("^(.-) %((Python .*)%)$")
  ok("version: " .. (name or vim.trim(version)))
  if python then ok(python) else warn("the server did not say which Python runs it") end
  start("phh-lsp in this session")
  if vim.g.loaded_phh then ok("plugin loaded (:PhhReplay, :PhhConvert)") else warn("plugin/phh.lua was not loaded") end
  local clients = phh.clients()
  if #clients == 0 then
    info("no phh-lsp client is running yet (it starts when a .phh or .phhs file opens)")
  else
    for _, client in ipairs(clients) do
      ok(string.format("client %d running (root %s)", client.id, client.config.root_dir or "none"))
    end
  end
end

return M
