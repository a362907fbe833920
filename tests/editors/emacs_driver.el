;;; emacs_driver.el --- drives Emacs (batch) with docs/editors.md's eglot configuration  -*- lexical-binding: t -*-
;; The init file is the documented block, loaded first (see test_emacs.py). As a user: open
;; $PHH_EMACS_HAND (a hand with a mistake), let eglot connect (what the command loop does after
;; `find-file`: run `post-command-hook`), wait for flymake's diagnostics, put the mistake right,
;; save (the documented `before-save-hook` formats through the server). What was seen is
;; printed as one JSON object on a line starting with "RESULT ", then Emacs exits.
(require 'json)
(require 'flymake)

(defun phh-test-wait (predicate seconds)
  "Let the server's messages in until PREDICATE holds or SECONDS pass; its last value."
  (let ((end (+ (float-time) seconds)) (value nil))
    (while (and (not (setq value (funcall predicate))) (< (float-time) end))
      (accept-process-output nil 0.05))
    value))

(let ((result nil) (errors nil))
  (condition-case err
      (progn
        (find-file (getenv "PHH_EMACS_HAND"))
        (run-hooks 'post-command-hook)
        (push (cons 'mode (symbol-name major-mode)) result)
        (push (cons 'managed (and (phh-test-wait #'eglot-managed-p 60) t)) result)
        (flymake-start)
        (phh-test-wait #'flymake-diagnostics 60)
        (push (cons 'diagnostics
                    (vconcat (mapcar (lambda (d)
                                       (list (cons 'line (line-number-at-pos (flymake-diagnostic-beg d)))
                                             (cons 'text (flymake-diagnostic-text d))))
                                     (flymake-diagnostics))))
              result)
        (goto-char (point-min))
        (while (search-forward "\"d dh p1 Ax2d\"" nil t)
          (replace-match "\"d dh p1 Ac2d\"" t t))
        (save-buffer)
        (flymake-start)
        (push (cons 'cleared (and (phh-test-wait (lambda () (null (flymake-diagnostics))) 60) t)) result))
    (error (push (error-message-string err) errors)))
  (push (cons 'errors (vconcat errors)) result)
  (princ (concat "RESULT " (json-encode result) "\n"))
  (kill-emacs 0))
