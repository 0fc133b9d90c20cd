import {
  type ErrorMessages,
  type ErrorName,
  formatMessage,
  LOCALES,
  type Locale,
  loadErrorMessages,
} from "@nimbus/protocol";

/** Localized `error_description` texts for all 11 locales, loaded once at start. */
export class ErrorLocalizer {
  private constructor(private readonly catalogues: ReadonlyMap<Locale, ErrorMessages>) {}

  static async load(): Promise<ErrorLocalizer> {
    const entries = await Promise.all(
      LOCALES.map(async (locale) => [locale, await loadErrorMessages(locale)] as const),
    );
    return new ErrorLocalizer(new Map(entries));
  }

  describe(error: ErrorName, locale: Locale, params: Record<string, string | number>): string {
    const catalogue = this.catalogues.get(locale) ?? this.catalogues.get("en-US");
    return formatMessage(catalogue?.[error] ?? error, params, this.catalogues.has(locale) ? locale : "en-US");
  }
}
