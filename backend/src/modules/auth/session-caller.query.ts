const UUID = `'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'`;

/**
 * One statement for the session, its user and their membership: every signed-in request used to wait
 * for the session's row, then for the user and membership (two statements in parallel), then for what
 * it asked; now for the first two in one round trip (decision 0026). The user and membership are read
 * in this request as before, so a removal or a role change still applies on the next request. The users
 * and memberships tables are read through the functions their modules own (`user_identity`,
 * `active_membership`, migration 1764300005200; decision 0052): this statement names only `session`.
 */
export const SESSION_WITH_CALLER = `
  SELECT s.sess, k.uid, u.id AS user_id, u.email, u.name,
         m.membership_id, m.company_id, m.company_name, m.role
    FROM session s
   CROSS JOIN LATERAL (SELECT CASE WHEN s.sess->>'userId' ~ ${UUID} THEN (s.sess->>'userId')::uuid END AS uid) k
    LEFT JOIN LATERAL user_identity(k.uid) u ON true
    LEFT JOIN LATERAL active_membership(k.uid) m ON true
   WHERE s.sid = $1 AND s.expire >= to_timestamp($2)`;
