-- phh-lsp's Neovim plugin (0.7 and later): the commands :PhhReplay [html] and :PhhConvert. The
-- `phh` filetype is set by ftdetect/phh.lua; starting the server is require("phh").setup({...})
-- (see lua/phh/init.lua and docs/neovim.md).
if vim.g.loaded_phh then
  return
end
vim.g.loaded_phh = true

vim.api.nvim_create_user_command("PhhReplay", function(command)
  if command.args == "html" then
    require("phh.replay").html()
  elseif command.args == "" then
    require("phh.replay").open()
  else
    vim.notify("PhhReplay: :PhhReplay (a window beside) or :PhhReplay html (the browser)", vim.log.levels.WARN)
  end
end, {
  nargs = "?",
  complete = function() return { "html" } end,
  desc = "Replay the hand at the cursor beside it (follows the cursor); html: in the browser",
})

vim.api.nvim_create_user_command("PhhConvert", function()
  require("phh.convert").run()
end, { desc = "Convert this poker-site hand history to PHH" })
