-- Not tenant data: what the test consumers and jobs did.
CREATE TABLE kit_log (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  what text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
