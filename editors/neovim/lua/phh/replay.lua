-- :PhhReplay: the hand at the cursor, replayed in a window beside it, following the cursor.
-- It asks phh-lsp for the state feed of the hand under the cursor (phh/handStates: that one
-- hand, never the whole file) when the cursor moves or the text changes, and writes the
-- state after the action under the cursor as text: the street, pot and board, the action in
-- words, a table of the players (stack, bet, cards; a stud player's down cards in brackets),
-- what comes next, the result, or where the replay stopped; long lines wrap at the window's
-- edge. The VS Code replayer and `phh-lsp replay`'s HTML file draw the same feed:
-- `:PhhReplay html` writes that file for the hand at the cursor and opens it in the browser
-- (the table drawn, as in VS Code).
local phh = require("phh")

local M = {}

local state = { source = nil, buf = nil, win = nil, pending = false, asked = 0 }

-- JSON null arrives as nil (0.7 to 0.11 decode it so in objects) or vim.NIL.
local function present(value)
  return value ~= nil and value ~= vim.NIL
end

local function pad(text, width, right)
  local gap = string.rep(" ", math.max(0, width - vim.fn.strdisplaywidth(text)))
  return right and (gap .. text) or (text .. gap)
end

local function cards_text(cards)
  local down, up = {}, {}
  for _, card in ipairs(cards) do
    if card.up then up[#up + 1] = card.card else down[#down + 1] = card.card end
  end
  if #up == 0 then
    return table.concat(down, " ")
  end
  local shown = table.concat(up, " ")
  return #down > 0 and ("[" .. table.concat(down, " ") .. "] " .. shown) or shown
end

--- The lines for step `current` of `feed` (also used by the tests).
function M.render(feed, current)
  if not present(feed) then
    return { "No hand here: put the cursor in a hand." }
  end
  local lines = { feed.title }
  local sub = feed.variantName
  if present(feed.hand) and feed.hand.count > 1 then
    sub = string.format("%s · hand %d of %d", sub, feed.hand.number, feed.hand.count)
  end
  lines[#lines + 1] = sub
  lines[#lines + 1] = ""
  local step = feed.steps[current + 1]
  if step == nil then
    lines[#lines + 1] = present(feed.error) and feed.error.message or "Not replayed."
    return lines
  end
  local head = step.street .. " · pot " .. step.pot
  if present(step.potBlinds) and step.pot ~= "0" then head = head .. " (" .. step.potBlinds .. ")" end
  if #step.board > 0 then head = head .. " · board " .. table.concat(step.board, " ") end
  lines[#lines + 1] = head
  lines[#lines + 1] = current == 0 and "Before the first action" or string.format("%d. %s", current, step.words)
  for _, line in ipairs(step.moved) do lines[#lines + 1] = "   " .. line end
  lines[#lines + 1] = ""
  local rows = { { "player", "stack", "bet", "cards", "" } }
  for index, seat in ipairs(step.seats) do
    local player = feed.players[index]
    local who = player.label .. (present(player.name) and (" " .. player.name) or "")
    rows[#rows + 1] = { who, seat.stack, present(seat.bet) and seat.bet or "", cards_text(seat.cards), seat.status }
  end
  local widths = { 0, 0, 0, 0 }
  for _, row in ipairs(rows) do
    for column = 1, 4 do widths[column] = math.max(widths[column], vim.fn.strdisplaywidth(row[column])) end
  end
  for _, row in ipairs(rows) do
    local line = pad(row[1], widths[1]) .. "  " .. pad(row[2], widths[2], true) .. "  " .. pad(row[3], widths[3], true)
      .. "  " .. pad(row[4], widths[4]) .. "  " .. row[5]
    lines[#lines + 1] = (line:gsub("%s+$", ""))
  end
  lines[#lines + 1] = ""
  local last = current == #feed.steps - 1
  if not step.over then lines[#lines + 1] = "Next: " .. step.next end
  if last and present(feed.result) then lines[#lines + 1] = "Result: " .. feed.result end
  if last and present(feed.error) then
    local where = present(feed.error.action)
        and string.format("Replay stopped at action %d (%s): ", feed.error.action + 1, feed.error.notation)
      or ""
    lines[#lines + 1] = "!! " .. where .. feed.error.message
  end
  return lines
end

local function show(lines)
  if not (state.buf and vim.api.nvim_buf_is_valid(state.buf)) then return end
  vim.bo[state.buf].modifiable = true
  vim.api.nvim_buf_set_lines(state.buf, 0, -1, false, lines)
  vim.bo[state.buf].modifiable = false
end

local function update()
  state.pending = false
  local source = state.source
  if not (source and vim.api.nvim_buf_is_valid(source) and state.win and vim.api.nvim_win_is_valid(state.win)) then
    return
  end
  local client = phh.clients(source)[1]
  if not client then
    show({ "phh-lsp is not attached to this buffer (see :checkhealth phh)." })
    return
  end
  local win = vim.fn.bufwinid(source)
  if win == -1 then return end
  local cursor = vim.api.nvim_win_get_cursor(win)
  local line = vim.api.nvim_buf_get_lines(source, cursor[1] - 1, cursor[1], false)[1] or ""
  local character = vim.str_utfindex(line, cursor[2]) -- the server counts UTF-16 units
  state.asked = state.asked + 1
  local asked = state.asked
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(source) },
    position = { line = cursor[1] - 1, character = character },
  }
  phh.request(client, "phh/handStates", params, function(err, feed)
    if asked ~= state.asked then return end -- an older answer never wins
    if err then
      show({ "phh/handStates failed: " .. (err.message or tostring(err)) })
      return
    end
    show(M.render(feed, present(feed) and feed.current or 0))
  end, source)
end

local function later()
  if state.pending then return end
  state.pending = true
  vim.defer_fn(update, 40)
end

--- The current buffer when it holds hands; nil, with a message saying what to open, otherwise.
local function phh_buffer()
  local buf = vim.api.nvim_get_current_buf()
  if vim.bo[buf].filetype ~= "phh" then
    vim.notify("PhhReplay: open a .phh or .phhs file first", vim.log.levels.WARN)
    return nil
  end
  return buf
end

--- Open (or refresh) the replay window for the current buffer.
function M.open()
  local source = phh_buffer()
  if not source then
    return
  end
  state.source = source
  if not (state.win and vim.api.nvim_win_is_valid(state.win)) then
    local back = vim.api.nvim_get_current_win()
    vim.cmd("botright vnew")
    state.win = vim.api.nvim_get_current_win()
    state.buf = vim.api.nvim_get_current_buf()
    vim.bo[state.buf].buftype = "nofile"
    vim.bo[state.buf].bufhidden = "wipe"
    vim.bo[state.buf].swapfile = false
    vim.bo[state.buf].filetype = "phhreplay"
    vim.api.nvim_buf_set_name(state.buf, "PHH replay")
    vim.wo[state.win].wrap = true -- a long action or result wraps instead of being cut
    vim.wo[state.win].linebreak = true
    vim.wo[state.win].breakindent = true
    vim.wo[state.win].number = false
    vim.api.nvim_set_current_win(back)
  end
  local group = vim.api.nvim_create_augroup("phh_replay", { clear = true })
  vim.api.nvim_create_autocmd({ "CursorMoved", "CursorMovedI", "TextChanged", "TextChangedI", "BufEnter" }, {
    group = group,
    callback = function(args)
      if vim.bo[args.buf].filetype == "phh" then
        state.source = args.buf
        later()
      end
    end,
  })
  vim.api.nvim_create_autocmd("BufWipeout", {
    group = group,
    callback = function(args)
      if args.buf == state.buf then
        state.buf, state.win = nil, nil
        vim.api.nvim_del_augroup_by_name("phh_replay")
      end
    end,
  })
  show({ "Replaying…" })
  later()
end

-- Open `path` in the browser: vim.ui.open on 0.10 and later, else the system's opener.
local function open_in_browser(path)
  if vim.ui.open then
    local _, err = vim.ui.open(path)
    if err then vim.notify("PhhReplay html: " .. err, vim.log.levels.WARN) end
    return
  end
  local opener = vim.fn.has("mac") == 1 and "open" or vim.fn.has("win32") == 1 and "explorer" or "xdg-open"
  if vim.fn.executable(opener) ~= 1 then
    vim.notify("PhhReplay html: no " .. opener .. " to open " .. path, vim.log.levels.WARN)
    return
  end
  vim.fn.jobstart({ opener, path }, { detach = true })
end

--- `:PhhReplay html`: the hand at the cursor as phh-lsp replay's HTML file, opened in the browser.
--- The buffer as it is (saved or not) is replayed: its text goes to a file of the same kind
--- (.phh or .phhs) in Neovim's cache folder, beside the page (`<name>.html`, said in a
--- message); the hand is the one the server names at the cursor.
function M.html()
  local source = phh_buffer()
  if not source then
    return
  end
  local name = vim.api.nvim_buf_get_name(source)
  local many = name:lower():match("%.phhs$") ~= nil
  -- not under tempname(): Neovim removes that folder when it quits, the browser may read later
  local folder = vim.fn.stdpath("cache") .. "/phh-replay"
  vim.fn.mkdir(folder, "p")
  local stem = name ~= "" and vim.fn.fnamemodify(name, ":t:r") or "hand"
  local input = folder .. "/" .. stem .. (many and ".phhs" or ".phh")
  local output = folder .. "/" .. stem .. ".html"
  vim.fn.writefile(vim.api.nvim_buf_get_lines(source, 0, -1, false), input)
  local function write(number)
    local command = vim.list_extend(vim.deepcopy(require("phh").options.cmd), { "replay", input, "-o", output })
    if number then vim.list_extend(command, { "--hand", tostring(number) }) end
    local said = {}
    local job = vim.fn.jobstart(command, {
      stderr_buffered = true,
      on_stderr = function(_, data) said = data or {} end,
      on_exit = function(_, code)
        vim.schedule(function()
          if code == 2 or vim.fn.filereadable(output) ~= 1 then
            vim.notify("PhhReplay html: " .. table.concat(said, " "), vim.log.levels.ERROR)
            return
          end
          vim.notify("PhhReplay html: " .. output)
          open_in_browser(output)
        end)
      end,
    })
    if job <= 0 then vim.notify("PhhReplay html: cannot run " .. command[1], vim.log.levels.ERROR) end
  end
  local client = phh.clients(source)[1]
  if not many or not client then return write(nil) end
  local cursor = vim.api.nvim_win_get_cursor(0)
  local line = vim.api.nvim_buf_get_lines(source, cursor[1] - 1, cursor[1], false)[1] or ""
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(source) },
    position = { line = cursor[1] - 1, character = vim.str_utfindex(line, cursor[2]) },
  }
  phh.request(client, "phh/handStates", params, function(err, feed)
    local number = not err and present(feed) and present(feed.hand) and feed.hand.number or 1
    write(number)
  end, source)
end

return M
