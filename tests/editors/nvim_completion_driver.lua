-- Accepts completions in a headless Neovim as a user does (see test_neovim_completion.py):
-- for each case, the hand is read again from disk, the cursor goes to the end of the line
-- holding $case.after, `o` opens a line below and the case's keys are typed; the menu opens
-- by itself (0.11's autotrigger) or with <C-x><C-o>; <C-n> moves to the item labelled
-- $case.label and <C-y> accepts it. The line as it then reads, and the menu's labels, go to
-- $PHH_NVIM_OUT as JSON. Keys go through nvim_input, and each step waits on a timer, so
-- Neovim's main loop handles them as it handles typing (and the server's answers meanwhile).
-- Works on Neovim 0.7 to 0.11.

local out_path = assert(os.getenv("PHH_NVIM_OUT"), "driver: $PHH_NVIM_OUT is not set")
local hand = assert(os.getenv("PHH_NVIM_HAND"), "driver: $PHH_NVIM_HAND is not set")
local cases = vim.fn.json_decode((assert(os.getenv("PHH_NVIM_CASES"), "driver: $PHH_NVIM_CASES is not set")))
local wait_ms = tonumber(os.getenv("PHH_NVIM_WAIT_MS") or "12000")

local v = vim.version()
local result = { nvim = string.format("%d.%d.%d", v.major, v.minor, v.patch), cases = {}, errors = {} }

local function finish()
  result.messages = vim.fn.execute("messages")
  local file = assert(io.open(out_path, "w"))
  file:write(vim.fn.json_encode(result))
  file:close()
  vim.cmd("qa!")
end

local function clients(buf)
  if vim.lsp.get_clients then return vim.lsp.get_clients({ bufnr = buf }) end
  local list = {}
  for _, client in pairs(vim.lsp.buf_get_clients(buf)) do list[#list + 1] = client end
  return list
end

-- Poll `ready` every 50 ms (on a timer: the main loop runs between polls), then call `next`
-- with whether it became true within `limit` ms.
local function poll(ready, limit, next)
  local waited = 0
  local function tick()
    local ok, value = pcall(ready)
    if ok and value then return next(true) end
    if waited >= limit then return next(false) end
    waited = waited + 50
    vim.defer_fn(tick, 50)
  end
  tick()
end

local function guard(fn)
  return function(...)
    local ok, err = pcall(fn, ...)
    if not ok then
      result.errors[#result.errors + 1] = tostring(err)
      finish()
    end
  end
end

local function menu_labels()
  local labels = {}
  for _, item in ipairs(vim.fn.complete_info({ "items" }).items or {}) do
    labels[#labels + 1] = item.abbr ~= "" and item.abbr or item.word
  end
  return labels
end

local run_case

local function next_case(index)
  vim.api.nvim_input("<Esc>")
  vim.defer_fn(guard(function() run_case(index + 1) end), 100)
end

run_case = function(index)
  local case = cases[index]
  if not case then return finish() end
  local seen = { name = case.name }
  result.cases[#result.cases + 1] = seen
  vim.cmd("edit! " .. vim.fn.fnameescape(hand))
  local buf = vim.api.nvim_get_current_buf()
  poll(function() return #clients(buf) > 0 end, wait_ms, guard(function(attached)
    seen.attached = attached
    local line = vim.fn.search(case.after, "cw")
    assert(line > 0, "no line holds " .. case.after)
    vim.api.nvim_win_set_cursor(0, { line, 0 })
    vim.api.nvim_input("o" .. case.keys)
    -- Let the keys and an automatic menu arrive (each space asks again); ask for the menu
    -- when none came.
    vim.defer_fn(guard(function() poll(function() return vim.fn.pumvisible() == 1 end, 2500, guard(function(shown)
      seen.menu_by_itself = shown
      local function accept(visible)
        seen.menu = visible and menu_labels() or {}
        seen.typed_line = vim.api.nvim_get_current_line()
        local position
        for i, label in ipairs(seen.menu) do
          if label == case.label then position = i break end
        end
        if not position then return next_case(index) end
        -- Without "noselect" in 'completeopt' the menu opens on its first item (selected 0).
        local selected = vim.fn.complete_info({ "selected" }).selected
        seen.selected = selected
        vim.api.nvim_input(string.rep("<C-n>", position - 1 - selected) .. "<C-y>")
        vim.defer_fn(guard(function()
          seen.line = vim.api.nvim_get_current_line()
          seen.mode = vim.api.nvim_get_mode().mode
          next_case(index)
        end), 1000)
      end
      if shown then return accept(true) end
      vim.api.nvim_input("<C-x><C-o>")
      poll(function() return vim.fn.pumvisible() == 1 end, wait_ms, guard(accept))
    end)) end), 800)
  end))
end

vim.defer_fn(guard(function() run_case(1) end), 10)
-- Whatever happens, the result is written and Neovim quits.
vim.defer_fn(function()
  result.errors[#result.errors + 1] = "driver: out of time"
  finish()
end, 25000)
