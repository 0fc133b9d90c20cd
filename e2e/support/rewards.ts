/** The account the built server treats as an admin (ADMIN_EMAILS), for journeys that need one. */
export const REWARDS_ADMIN_EMAIL = "rewards-admin@example.com";
