-- Sign-in throttling counts failures per (e-mail, client address) so a stranger's guesses block
-- that e-mail from the stranger's address only (issue 8). `ip` now holds the address as counted
-- (IPv6 by its /64); this index serves the per-pair count and its "since the last success" look-up.
CREATE INDEX login_attempts_email_ip_idx ON login_attempts (email, ip, at);
