-- Run by the postgres image on first start (empty volume): the test database beside `daybreak`.
-- scripts/infra/postgres.mjs creates the same two databases for the non-Docker path.
CREATE DATABASE daybreak_test OWNER daybreak;
