/** The project of the journeys that change a server's shared config (playwright.config.ts). */
export const SHARED_CONFIG_PROJECT = "shared-config";
