-- require("phh").setup(options): phh-lsp for every PHH buffer, on Neovim 0.7 to 0.11+.
--
-- options (all optional):
--   cmd          the server command (default { "phh-lsp" })
--   settings     the `phh` settings: diagnostics.severity, inlayHints, format, logLevel
--   format_on_save (default true), inlay_hints (default true, 0.10+)
-- The same configuration as the blocks of docs/neovim.md, as a plugin: 0.11+ uses
-- vim.lsp.config/vim.lsp.enable, 0.8-0.10 vim.lsp.start, 0.7 vim.lsp.start_client.
local M = {}

M.options = { cmd = { "phh-lsp" }, settings = {}, format_on_save = true, inlay_hints = true }

local client_id -- 0.7: the one phh-lsp client every PHH buffer attaches to

--- The running phh-lsp clients (0.7 to 0.11+).
function M.clients(buf)
  if vim.lsp.get_clients then
    return vim.lsp.get_clients({ name = "phh_lsp", bufnr = buf })
  end
  local found = {}
  for _, client in pairs(buf and vim.lsp.buf_get_clients(buf) or vim.lsp.get_active_clients()) do
    if client.name == "phh_lsp" then
      found[#found + 1] = client
    end
  end
  return found
end

--- Send `method` to `client` (client:request() from 0.11, client.request() before).
function M.request(client, method, params, handler, buf)
  if vim.fn.has("nvim-0.11") == 1 then
    return client:request(method, params, handler, buf)
  end
  return client.request(method, params, handler, buf)
end

--- What every PHH buffer gets when phh-lsp attaches (also lsp/phh_lsp.lua's on_attach).
function M.on_attach(client, buf)
  vim.bo[buf].omnifunc = "v:lua.vim.lsp.omnifunc"
  if vim.fn.has("nvim-0.11") == 0 then
    vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buf, desc = "PHH: hover" })
  end
  if M.options.format_on_save then
    vim.api.nvim_create_autocmd("BufWritePre", {
      group = vim.api.nvim_create_augroup("phh_format_" .. buf, { clear = true }),
      buffer = buf,
      callback = function()
        if vim.lsp.buf.format then
          vim.lsp.buf.format({ bufnr = buf, id = client.id, timeout_ms = 3000 })
        else
          vim.lsp.buf.formatting_sync(nil, 3000)
        end
      end,
    })
  end
  if M.options.inlay_hints and vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then
    vim.lsp.inlay_hint.enable(true, { bufnr = buf })
  end
  if vim.lsp.completion and vim.lsp.completion.enable then
    vim.bo[buf].completeopt = "menuone,noselect,popup"
    vim.lsp.completion.enable(true, client.id, buf, { autotrigger = true })
  end
end

--- `#` comments and TOML highlighting for a PHH buffer (also ftplugin/phh.lua).
function M.highlight(buf)
  vim.bo[buf].commentstring = "# %s"
  -- PHH is TOML: Neovim's TOML highlighting (scheduled: Neovim's own FileType handler runs
  -- after this one and would set 'syntax' back to "phh", which does not exist).
  vim.schedule(function()
    if vim.api.nvim_buf_is_valid(buf) and vim.bo[buf].filetype == "phh" then
      vim.bo[buf].syntax = "toml"
    end
  end)
end

function M.setup(options)
  M.options = vim.tbl_deep_extend("force", M.options, options or {})
  -- an empty Lua table would be sent as a JSON list
  local settings = next(M.options.settings) and M.options.settings or vim.empty_dict()
  local group = vim.api.nvim_create_augroup("phh_setup", { clear = true })
  if vim.lsp.config and vim.lsp.enable then -- 0.11+
    vim.lsp.config("phh_lsp", {
      cmd = M.options.cmd,
      filetypes = { "phh" },
      root_markers = { ".git" },
      settings = { phh = settings },
      init_options = settings,
      on_attach = M.on_attach,
    })
    vim.lsp.enable("phh_lsp")
  end
  vim.api.nvim_create_autocmd("FileType", {
    group = group,
    pattern = "phh",
    callback = function(args)
      local buf = args.buf
      M.highlight(buf)
      if vim.lsp.config and vim.lsp.enable then
        return -- 0.11+: vim.lsp.enable attaches it
      end
      local config = {
        name = "phh_lsp",
        cmd = M.options.cmd,
        root_dir = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(buf), ":p:h"),
        settings = { phh = settings },
        init_options = settings, -- Neovim 0.7 sends settings only this way
        on_attach = M.on_attach,
      }
      if vim.lsp.start then -- 0.8+: starts phh-lsp, or reuses the one already running
        vim.lsp.start(config, { bufnr = buf })
      else -- 0.7
        local client = client_id and vim.lsp.get_client_by_id(client_id)
        if not client or client.is_stopped() then
          client_id = vim.lsp.start_client(config)
        end
        vim.lsp.buf_attach_client(buf, client_id)
      end
    end,
  })
  -- Buffers already open when setup() runs (a lazy-loaded plugin).
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and vim.bo[buf].filetype == "phh" then
      vim.api.nvim_exec_autocmds("FileType", { group = group, buffer = buf })
    end
  end
end

return M
