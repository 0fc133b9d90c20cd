/**
 * Region access paths (spec §3, §4), kept apart from their Zod
 * schemas so the web's region check, which runs on every page, never pulls Zod in.
 */
export const AREA_ACCESSIBLE_PATH = "/access_controller/v1/area_accessible";
export const AREA_COUNTRY_CODE_PATH = "/drive/v1/privilege/area_country_code";
export const CLIENT_IP_PATH = "/access_controller/v1/client_ip";
