-- .phh and .phhs files are the `phh` filetype. In ftdetect/, so that a plugin manager that
-- loads the plugin on that filetype (lazy.nvim's `ft = "phh"`) still detects it.
vim.cmd([[autocmd BufRead,BufNewFile *.phh,*.phhs setfiletype phh]])
