-- The `phh` filetype's buffer options, for every way of loading the plugin (setup() or only
-- vim.lsp.enable("phh_lsp")): `#` comments and TOML highlighting (PHH is TOML).
require("phh").highlight(vim.api.nvim_get_current_buf())
