import { useEffect, useState } from "react";

export interface FavoriteLink {
  url: string;
  title: string;
  added: number;
}

const KEY = "pp_favorite_links";
const MAX = 200;

function read(): FavoriteLink[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return Array.isArray(value)
      ? value.filter(
          (item): item is FavoriteLink => typeof item?.url === "string" && typeof item?.title === "string",
        )
      : [];
  } catch {
    return [];
  }
}

/** The favorite links kept in this browser (local storage, newest first). */
export function useFavoriteLinks() {
  const [links, setLinks] = useState<FavoriteLink[]>([]);
  useEffect(() => setLinks(read()), []);
  const save = (next: FavoriteLink[]) => {
    setLinks(next);
    try {
      localStorage.setItem(KEY, JSON.stringify(next));
    } catch {
      // Storage full or blocked: the list still works for this visit.
    }
  };
  return {
    links,
    add: (url: string, title: string) =>
      save([{ url, title, added: Date.now() }, ...links.filter((link) => link.url !== url)].slice(0, MAX)),
    remove: (url: string) => save(links.filter((link) => link.url !== url)),
  };
}
