-- API key verification is cached in each service process (src/domain/keys/key-cache.ts). Whatever
-- changes what a cached key lets its holder do (a revocation or an expiry from the command line or
-- another process, a role change, a deleted user) notifies `auth_changed`, and every process that
-- listens drops its cache. `last_used_at` alone (written at most once a minute per key) does not.
CREATE OR REPLACE FUNCTION "notify_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER "api_keys_auth_changed"
  AFTER UPDATE OF "revoked_at", "expires_at", "scopes", "user_id", "account_id", "hash" OR DELETE OR TRUNCATE ON "api_keys"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();

CREATE TRIGGER "users_auth_changed"
  AFTER UPDATE OF "role", "email", "name", "account_id" OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_auth_changed"();
