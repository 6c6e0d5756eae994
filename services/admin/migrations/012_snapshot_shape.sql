-- Which shape of the settings snapshot each tenant last got (issue 13). Shape 2 carries the
-- Payment settings (`payment`: seller name, ABN, bank details, due days) money prints on tax
-- invoices. Start-up republishes every tenant still on an older shape, with its next version
-- (settings/settings-events.ts), so money's copy gets them without anyone re-saving a page.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE settings_published ADD COLUMN shape smallint NOT NULL DEFAULT 1;
