-- phh-lsp for Neovim 0.11+: with editors/neovim on the runtimepath (as a plugin), the whole
-- setup is
--
--   vim.lsp.enable("phh_lsp")
--
-- Neovim reads this file (`lsp/<name>.lua` on the runtimepath) as the server's configuration;
-- override any part with vim.lsp.config("phh_lsp", { ... }), e.g. a full path in `cmd`, or
-- `settings = { phh = { diagnostics = { severity = { PHH504 = "off" } } } }` (docs/settings.md).
-- On attach: format on save, inlay hints, completion as you type (see lua/phh/init.lua).
return {
  cmd = { "phh-lsp" },
  filetypes = { "phh" },
  root_markers = { ".phh-lsp.toml", "phh-lsp.toml", ".git" }, -- where the settings files live (docs/settings.md)
  settings = { phh = vim.empty_dict() }, -- answers the server's workspace/configuration ("phh")
  on_attach = function(client, buf)
    require("phh").on_attach(client, buf)
  end,
}
