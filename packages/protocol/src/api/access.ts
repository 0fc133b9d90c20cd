import { z } from "zod";

/**
 * Region access (spec §3, §4). Both calls go without
 * credentials and without a captcha.
 */

export { AREA_ACCESSIBLE_PATH, AREA_COUNTRY_CODE_PATH, CLIENT_IP_PATH } from "../region.js";

/** `GET /access_controller/v1/area_accessible` → may this visitor's address use the service. */
export const areaAccessibleResponseSchema = z.object({
  accessible: z.boolean(),
});
export type AreaAccessibleResponse = z.infer<typeof areaAccessibleResponseSchema>;

/** `GET /drive/v1/privilege/area_country_code` → ISO 3166-1 alpha-2, `""` when unknown. */
export const areaCountryCodeResponseSchema = z.object({
  countryCode: z.string(),
});
export type AreaCountryCodeResponse = z.infer<typeof areaCountryCodeResponseSchema>;

/** `GET /access_controller/v1/client_ip` → the caller's address as this server sees it (the web's IP probe). */
export const clientIpResponseSchema = z.object({
  ip: z.string(),
});
export type ClientIpResponse = z.infer<typeof clientIpResponseSchema>;
