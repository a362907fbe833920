-- Drives a headless Neovim that was started with docs/neovim.md's configuration as init.lua
-- (see test_neovim.py). It does what a user does: open a broken hand, open a hand with a
-- needless fold, open unformatted hands and :write them. It only observes: the one thing it
-- touches is the diagnostics handlers, wrapped to count reports (then passed on).
-- Everything it sees goes to $PHH_NVIM_OUT as JSON; it always writes that file and quits.
-- Works on Neovim 0.7 to 0.11 (no vim.json, vim.fs, vim.lsp.get_clients before 0.8/0.10).

local env = function(name)
  local value = os.getenv(name)
  assert(value and value ~= "", "driver: $" .. name .. " is not set")
  return value
end
local out_path = env("PHH_NVIM_OUT")
local wait_ms = tonumber(os.getenv("PHH_NVIM_WAIT_MS") or "15000")
local settle_ms = 400

local t0 = vim.loop.hrtime()
local function now() return math.floor((vim.loop.hrtime() - t0) / 1e6) end

local v = vim.version()
local result = {
  nvim = string.format("%d.%d.%d", v.major, v.minor, v.patch),
  steps = {},
  errors = {},
}

-- Count the diagnostics reports per URI (what the server sent), without changing what Neovim
-- does: pushed (publishDiagnostics, every version) or pulled (textDocument/diagnostic, 0.10+,
-- when the server offers it; the handler is looked up when each request is answered).
local publishes = {}
local function record(uri, how, diagnostics)
  local codes = {}
  for _, d in ipairs(diagnostics or {}) do codes[#codes + 1] = tostring(d.code) end
  local list = publishes[uri] or {}
  list[#list + 1] = { at_ms = now(), codes = codes, how = how }
  publishes[uri] = list
end
local pushed = vim.lsp.handlers["textDocument/publishDiagnostics"]
vim.lsp.handlers["textDocument/publishDiagnostics"] = function(err, params, ctx, config)
  if params and params.uri then record(params.uri, "push", params.diagnostics) end
  return pushed(err, params, ctx, config)
end
local pulled = vim.lsp.handlers["textDocument/diagnostic"]
if pulled then
  vim.lsp.handlers["textDocument/diagnostic"] = function(err, report, ctx, config)
    local uri = ctx and ctx.params and ctx.params.textDocument and ctx.params.textDocument.uri
    if uri and report and report.kind == "full" then record(uri, "pull", report.items) end
    return pulled(err, report, ctx, config)
  end
end

local function clients(buf)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  local list = {}
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do list[#list + 1] = client end
  return list
end

local function client_info(buf)
  local list = {}
  for _, c in ipairs(clients(buf)) do
    list[#list + 1] = {
      id = c.id,
      name = c.name,
      server = c.server_info and c.server_info.name or vim.NIL,
      root_dir = c.config.root_dir or vim.NIL,
    }
  end
  return list
end

local function shown(buf)
  local items = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local lsp = d.user_data and d.user_data.lsp or {}
    items[#items + 1] = {
      lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
      severity = d.severity, message = d.message, source = d.source or vim.NIL,
      code = d.code and tostring(d.code) or (lsp.code and tostring(lsp.code)) or vim.NIL,
    }
  end
  return items
end

local function has_code(buf, code)
  for _, d in ipairs(shown(buf)) do
    if d.code == code then return true end
  end
  return false
end

-- Open a file as a user would (:edit): filetype detection, the FileType autocmds and the
-- LSP client all start from here.
local function open(path)
  local started = now()
  vim.cmd("edit " .. vim.fn.fnameescape(path))
  local buf = vim.api.nvim_get_current_buf()
  local uri = vim.uri_from_bufnr(buf)
  local attached = vim.wait(wait_ms, function() return #clients(buf) > 0 end, 20)
  if not attached then
    error(string.format("no LSP client attached to %s (filetype %q) within %d ms", path, vim.bo[buf].filetype, wait_ms))
  end
  local step = {
    path = path,
    filetype = vim.bo[buf].filetype,
    attached = attached,
    attach_ms = now() - started,
  }
  return buf, uri, step, started
end

-- After the first publish for uri, wait until none came for settle_ms.
local function settle(uri)
  local ok = vim.wait(wait_ms, function() return publishes[uri] ~= nil end, 20)
  if not ok then return false end
  local seen = #publishes[uri]
  while true do
    vim.wait(settle_ms)
    if #publishes[uri] == seen then return true end
    seen = #publishes[uri]
  end
end

local function syntax_at(buf, pattern)
  for lnum, line in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local col = line:find(pattern)
    if col then
      local id = vim.fn.synID(lnum, col, 1)
      return vim.fn.synIDattr(id, "name")
    end
  end
  return vim.NIL
end

local function step_broken()
  local buf, uri, step, started = open(env("PHH_NVIM_BROKEN"))
  vim.wait(50) -- let scheduled callbacks (the syntax switch) run
  step.syntax = vim.bo[buf].syntax
  step.current_syntax = vim.b[buf].current_syntax or vim.NIL
  step.syntax_group_of_key = syntax_at(buf, "^variant")
  step.commentstring = vim.bo[buf].commentstring
  step.diagnostics_shown = vim.wait(wait_ms, function() return has_code(buf, "PHH307") end, 10)
  step.diagnostics_ms = now() - started
  settle(uri)
  step.diagnostics = shown(buf)
  step.publishes = publishes[uri] or {}
  step.clients = client_info(buf)
  result.steps.broken = step
end

local function step_needless_fold()
  local buf, uri, step = open(env("PHH_NVIM_FOLD"))
  step.published = settle(uri)
  step.diagnostics = shown(buf)
  step.publishes = publishes[uri] or {}
  step.clients = client_info(buf)
  result.steps.fold = step
end

local function format_on_save(path)
  local buf, uri, step = open(path)
  step.published = settle(uri)
  step.lines_before = vim.api.nvim_buf_line_count(buf)
  local started = now()
  local ok, err = pcall(vim.cmd, "write")
  step.write_ok = ok
  step.write_error = ok and vim.NIL or tostring(err)
  step.write_ms = now() - started
  step.lines_after = vim.api.nvim_buf_line_count(buf)
  step.modified_after_write = vim.bo[buf].modified
  step.diagnostics = shown(buf)
  step.clients = client_info(buf)
  return step
end

-- $PHH_NVIM_FORMAT: the files to :write, one per line.
local function step_format_on_save()
  result.steps.format = {}
  for path in env("PHH_NVIM_FORMAT"):gmatch("[^\n]+") do
    result.steps.format[#result.steps.format + 1] = format_on_save(path)
  end
end

-- $PHH_NVIM_CONVERT: a PokerStars history; :PhhConvert must open its PHH in a new window.
-- vim.notify is wrapped (and passed on) to see what the user is told.
local function step_convert()
  local notes = {}
  local notify = vim.notify
  vim.notify = function(message, level, opts)
    notes[#notes + 1] = { message = message, level = level or vim.NIL }
    return notify(message, level, opts)
  end
  vim.cmd("edit " .. vim.fn.fnameescape(env("PHH_NVIM_CONVERT")))
  local source = vim.api.nvim_get_current_buf()
  local started = now()
  vim.cmd("PhhConvert")
  local converted
  local done = vim.wait(wait_ms, function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      local first = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1] or ""
      if buf ~= source and first:find("# PokerStars hand", 1, true) then converted = buf end
    end
    return converted ~= nil and #notes >= 2
  end, 20)
  vim.notify = notify
  local step = { done = done, convert_ms = now() - started, notes = notes, windows = #vim.api.nvim_list_wins() }
  step.lines = converted and vim.api.nvim_buf_get_lines(converted, 0, -1, false) or {}
  step.filetype = converted and vim.bo[converted].filetype or vim.NIL
  step.name = converted and vim.api.nvim_buf_get_name(converted) or vim.NIL
  step.modified = converted and vim.bo[converted].modified or false -- unsaved: the user decides where
  step.source_filetype = vim.bo[source].filetype
  step.source_clients = #clients(source) -- the history is no PHH file: nothing attached to it
  result.steps.convert = step
end

-- $PHH_NVIM_CONVERT_SITES (optional): one history per line, a file of each site;
-- :PhhConvert on each, what the user is told and the first lines of the new buffer.
local function step_convert_sites()
  local list = os.getenv("PHH_NVIM_CONVERT_SITES")
  if not list or list == "" then return end
  result.steps.convert_sites = {}
  for path in list:gmatch("[^\n]+") do
    local notes = {}
    local notify = vim.notify
    vim.notify = function(message, level, opts)
      notes[#notes + 1] = message
      return notify(message, level, opts)
    end
    vim.cmd("edit " .. vim.fn.fnameescape(path))
    local source = vim.api.nvim_get_current_buf()
    vim.cmd("PhhConvert")
    local done = vim.wait(wait_ms, function()
      for _, message in ipairs(notes) do
        if message:find("PhhConvert: ", 1, true) == 1 then return true end
      end
      return false
    end, 20)
    vim.notify = notify
    local converted = vim.api.nvim_get_current_buf()
    local step = { path = path, done = done, notes = notes, lines = {}, filetype = vim.NIL }
    if converted ~= source then
      step.lines = vim.api.nvim_buf_get_lines(converted, 0, 3, false)
      step.filetype = vim.bo[converted].filetype
      vim.cmd("bwipeout! " .. converted) -- the next history opens in a window of its own
    end
    vim.cmd("silent! only")
    result.steps.convert_sites[#result.steps.convert_sites + 1] = step
  end
end

local function run()
  for _, step in ipairs({ step_broken, step_needless_fold, step_format_on_save, step_convert, step_convert_sites }) do
    local ok, err = pcall(step)
    if not ok then
      result.errors[#result.errors + 1] = tostring(err)
      break -- the next steps would only wait for the same thing
    end
  end
  local ids = {}
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    for _, c in ipairs(clients(buf)) do ids[tostring(c.id)] = c.name end
  end
  result.client_ids = ids
  result.messages = vim.fn.execute("messages")
  result.errmsg = vim.v.errmsg
  result.lsp_log = vim.lsp.get_log_path()
  result.total_ms = now()
end

local ok, err = pcall(run)
if not ok then result.errors[#result.errors + 1] = tostring(err) end
local file = assert(io.open(out_path, "w"))
file:write(vim.fn.json_encode(result))
file:close()
vim.cmd("qa!")
