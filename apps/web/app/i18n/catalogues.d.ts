declare module "virtual:nimbus/catalogues" {
  /** Locale → URL of its hashed page catalogue (apps/web/build-plugins/catalogue-assets.ts). */
  const urls: Readonly<Record<string, string>>;
  export default urls;
}
