-- Run by the postgres image on first start (empty volume), in the `daybreak` database: each service's
-- own role, which owns its schema and can use no other (ARCHITECTURE §4). The same statements as
-- libs/database's serviceRoleStatements (which `npm start` and the test stacks run), with the
-- demonstration's fixed passwords, like the `daybreak` owner's: docker-compose.yml's services connect
-- as role daybreak_<service> (password: the same) on the `daybreak` database.
DO $$
DECLARE
  service text;
BEGIN
  FOREACH service IN ARRAY ARRAY['posts', 'social', 'streaks', 'notifications', 'media'] LOOP
    EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD %L',
      'daybreak_' || service, 'daybreak_' || service);
    EXECUTE format('CREATE SCHEMA %I AUTHORIZATION %I', service, 'daybreak_' || service);
  END LOOP;
END $$;
-- social's people search (trigram index); creating the extension needs the owner.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
-- Grafana's Product dashboard (ADR 0033): reads streaks' analytics tables and views alone, which the
-- streaks migration grants it when it finds this role.
CREATE ROLE daybreak_analytics_reader LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE
  PASSWORD 'daybreak_analytics_reader';
