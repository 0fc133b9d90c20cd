/** One locale's texts of one namespace group: dotted or plain keys → ICU MessageFormat messages. */
export type TextCatalogue = Record<string, string>;
