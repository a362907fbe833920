-- phh-lsp's Neovim plugin (0.7 and later): the commands :PhhReplay and :PhhConvert. The
-- `phh` filetype is set by ftdetect/phh.lua; starting the server is require("phh").setup({...})
-- (see lua/phh/init.lua and docs/neovim.md).
if vim.g.loaded_phh then
  return
end
vim.g.loaded_phh = true

vim.api.nvim_create_user_command("PhhReplay", function()
  require("phh.replay").open()
end, { desc = "Replay the hand at the cursor in a window beside it (follows the cursor)" })

vim.api.nvim_create_user_command("PhhConvert", function()
  require("phh.convert").run()
end, { desc = "Convert this poker-site hand history to PHH" })
