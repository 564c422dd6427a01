-- The least privileges the application needs, granted to the role named by the setting predict.app_role.
-- Run it as the owner of the app's tables (the role that runs the migrations), after every migration:
--   DATABASE_URL=<owner's URL> npm run db:roles -- predict_app   (migrates, installs the job queue, then this)
-- or by hand:  psql "<owner's URL>" -c "set predict.app_role = 'predict_app'" -f app-role.sql
-- Then run the app with DATABASE_URL=<predict_app's URL> and MIGRATE_ON_START=false.
-- The role gets: CONNECT; USAGE (not CREATE) on the schemas public and pgboss; SELECT, INSERT, UPDATE, DELETE on
-- the tables except audit_log (SELECT and INSERT only); USAGE on the sequences. It gets no TRUNCATE, REFERENCES or
-- TRIGGER, owns nothing (so no ALTER, DROP or DISABLE TRIGGER), and cannot create objects. Re-running it is safe and
-- resets the role's grants to exactly these.
DO $$
DECLARE
  app text := current_setting('predict.app_role');
  schemas text[] := ARRAY['public'];
  s text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app) THEN
    -- Set its password afterwards (ALTER ROLE ... PASSWORD, or \password in psql), or use certificates.
    EXECUTE format('CREATE ROLE %I LOGIN', app);
  END IF;
  IF (SELECT rolsuper OR rolbypassrls OR rolcreaterole OR rolcreatedb FROM pg_roles WHERE rolname = app) THEN
    RAISE EXCEPTION 'role % must not be a superuser or create roles or databases', app;
  END IF;
  IF pg_has_role(app, current_user, 'MEMBER') THEN
    RAISE EXCEPTION 'role % must not be a member of the owner role %', app, current_user;
  END IF;
  IF NOT has_database_privilege(app, current_database(), 'CONNECT') THEN
    EXECUTE format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), app);
  END IF;
  -- pg-boss's schema exists once the owner has started the queue (npm run db:roles does).
  IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') THEN
    schemas := schemas || 'pgboss'::text;
  END IF;
  FOREACH s IN ARRAY schemas LOOP
    EXECUTE format('REVOKE ALL ON ALL TABLES IN SCHEMA %I FROM %I', s, app);
    EXECUTE format('REVOKE ALL ON ALL SEQUENCES IN SCHEMA %I FROM %I', s, app);
    EXECUTE format('REVOKE CREATE ON SCHEMA %I FROM %I', s, app);
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', s, app);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', s, app);
    EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA %I TO %I', s, app);
    EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA %I TO %I', s, app);
  END LOOP;
  -- The audit trail is append-only: reading and appending are all the app does with it.
  EXECUTE format('REVOKE UPDATE, DELETE ON audit_log FROM %I', app);
  -- PostgreSQL before 15 lets every role create objects in public; that would let the app role do DDL there.
  IF has_schema_privilege(app, 'public', 'CREATE') THEN
    REVOKE CREATE ON SCHEMA public FROM PUBLIC;
  END IF;
  IF has_schema_privilege(app, 'public', 'CREATE') THEN
    RAISE EXCEPTION 'role % can still create objects in schema public (ask its owner to revoke CREATE)', app;
  END IF;
END $$;
