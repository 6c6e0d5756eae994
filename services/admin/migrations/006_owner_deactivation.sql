-- A super admin deactivates a hall owner: the owner and every active member of their staff become
-- inactive (no sign-in, sessions ended), their data stays. Reactivating the owner brings back
-- exactly the staff that were switched off with them, not one the owner had deactivated on
-- purpose before: this flag says which.

SELECT set_config('app.scope', 'system', true);

ALTER TABLE users ADD COLUMN deactivated_with_owner boolean NOT NULL DEFAULT false;
