-- Drives a headless Neovim whose init.lua only adds editors/neovim to the runtimepath and
-- calls require("phh").setup() (see test_neovim_plugin.py). As a user: open Dwan-Ivey, put the
-- cursor on `p1 cbr 23000`, :PhhReplay, then move to the flop and to column 0 of the next
-- line; open a stud hand and go to sixth street; :PhhReplay html (the browser is a fake
-- xdg-open that writes what it was asked to open); :PhhConvert a PokerStars history; run
-- :checkhealth phh. What the replay window showed each time, and the
-- health report, go to $PHH_NVIM_OUT as JSON; it always writes that file and quits.
local out_path = assert(os.getenv("PHH_NVIM_OUT"))
local wait_ms = tonumber(os.getenv("PHH_NVIM_WAIT_MS") or "15000")
local result = { steps = {}, errors = {} }

local function replay_lines()
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_valid(buf) and vim.bo[buf].filetype == "phhreplay" then
      return vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    end
  end
  return {}
end

local function showing(text)
  for _, line in ipairs(replay_lines()) do
    if line:find(text, 1, true) then return true end
  end
  return false
end

local function cursor_to(notation)
  local lines = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  for number, line in ipairs(lines) do
    local column = line:find('"' .. notation .. '"', 1, true)
    if column then
      vim.api.nvim_win_set_cursor(0, { number, column + 1 })
      vim.cmd("doautocmd CursorMoved")
      return number
    end
  end
  error("no action " .. notation)
end

local function attached()
  return #require("phh").clients(vim.api.nvim_get_current_buf()) > 0
end

local function step(name, wanted)
  local seen = vim.wait(wait_ms, function() return showing(wanted) end, 20)
  result.steps[name] = { seen = seen, lines = replay_lines(), windows = #vim.api.nvim_list_wins() }
end

local function run()
  result.nvim = tostring(vim.version().major) .. "." .. vim.version().minor
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PHH_NVIM_DWAN")))
  result.filetype = vim.bo.filetype
  result.attached = vim.wait(wait_ms, attached, 20)
  cursor_to("p1 cbr 23000")
  vim.cmd("PhhReplay")
  step("raise", "pot 33,500")
  cursor_to("d db Jc3d5c")
  step("flop", "board Jc 3d 5c")
  -- j/k leave the cursor in column 0 of the next action's line: that action is shown
  vim.api.nvim_win_set_cursor(0, { cursor_to("p1 cbr 35000"), 0 })
  vim.cmd("doautocmd CursorMoved")
  step("column 0", "p1 (Phil Ivey) bets 35,000")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PHH_NVIM_STUD")))
  vim.wait(wait_ms, attached, 20)
  cursor_to("d dh p2 9c")
  step("stud", "Seventh street")
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.bo[vim.api.nvim_win_get_buf(win)].filetype == "phhreplay" then result.wrap = vim.wo[win].wrap end
  end
  vim.cmd("only")
  -- :PhhReplay html: the HTML replay written and handed to the browser (a fake xdg-open)
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PHH_NVIM_DWAN")))
  vim.wait(wait_ms, attached, 20)
  cursor_to("p3 cc")
  vim.cmd("PhhReplay html")
  local opened = os.getenv("PHH_NVIM_OPENED")
  vim.wait(wait_ms, function() return vim.fn.filereadable(opened) == 1 end, 50)
  result.opened = vim.fn.filereadable(opened) == 1 and vim.fn.readfile(opened)[1] or vim.NIL
  vim.cmd("only")
  vim.cmd("edit " .. vim.fn.fnameescape(os.getenv("PHH_NVIM_STARS")))
  local history = vim.api.nvim_get_current_buf()
  vim.cmd("PhhConvert")
  local converted
  vim.wait(wait_ms, function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      local first = vim.api.nvim_buf_get_lines(buf, 0, 1, false)[1] or ""
      if buf ~= history and first:find("# PokerStars hand", 1, true) then converted = buf end
    end
    return converted ~= nil
  end, 20)
  result.convert = converted and {
    name = vim.api.nvim_buf_get_name(converted),
    modified = vim.bo[converted].modified,
    filetype = vim.bo[converted].filetype,
    windows = #vim.api.nvim_list_wins(),
  } or vim.NIL
  vim.cmd("checkhealth phh")
  result.health = vim.api.nvim_buf_get_lines(0, 0, -1, false)
end

local ok, err = pcall(run)
if not ok then result.errors[#result.errors + 1] = tostring(err) end
result.messages = vim.fn.execute("messages")
local file = assert(io.open(out_path, "w"))
file:write(vim.fn.json_encode(result))
file:close()
vim.cmd("qa!")
