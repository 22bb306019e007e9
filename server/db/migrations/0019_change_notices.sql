-- Every app instance LISTENs on souk_changes and drops what it keeps in memory for the person named
-- (docs/decisions/0023). PostgreSQL delivers a notice when the writing transaction commits, once per
-- distinct payload per transaction, whatever wrote the rows (the app, a job, an operator's SQL).
CREATE FUNCTION souk_notify_change(topic text, key text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('souk_changes', topic || ':' || coalesce(key, '*'));
$$;--> statement-breakpoint
-- A session ended (sign-out, a ban, a new password): no instance may answer with it any more.
CREATE FUNCTION souk_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM souk_notify_change('session', OLD.user_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER sessions_ended AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION souk_session_ended();--> statement-breakpoint
-- What a session or a notice shows of an account changed (name, photo, standing, role), or it went.
CREATE FUNCTION souk_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM souk_notify_change('account', OLD.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER users_shown_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.user_name, OLD.user_profile_photo, OLD.image, OLD.status, OLD.is_banned, OLD.user_is_sys_admin, OLD.role_id)
    IS DISTINCT FROM (NEW.user_name, NEW.user_profile_photo, NEW.image, NEW.status, NEW.is_banned, NEW.user_is_sys_admin, NEW.role_id))
  EXECUTE FUNCTION souk_account_changed();--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION souk_account_changed();--> statement-breakpoint
-- A person's notices changed (new, grouped, read, deleted); '*' for a broadcast, which everyone sees.
CREATE FUNCTION souk_notices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM souk_notify_change('notices', OLD.user_id);
  ELSE
    PERFORM souk_notify_change('notices', NEW.user_id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER notifications_changed AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH ROW EXECUTE FUNCTION souk_notices_changed();--> statement-breakpoint
CREATE TRIGGER notification_reads_changed AFTER INSERT OR DELETE ON notification_reads
  FOR EACH ROW EXECUTE FUNCTION souk_notices_changed();
