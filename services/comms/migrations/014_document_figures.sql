-- An e-mail's amounts are its PDF's (issue 24 item 1): a message that carries money's document
-- keeps its template text, values and currency here, and the worker writes it again with the
-- figures the document answered with when it fetches the file (mail/document-figures.ts). Cleared
-- once done; null for every other message.
ALTER TABLE emails ADD COLUMN render jsonb;
