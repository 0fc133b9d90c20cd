import type { DriveFile } from "@nimbus/protocol";
import type { ReactNode } from "react";
import type { ApiFailure } from "../../api/client.js";
import { EmptyState } from "../../components/empty-state.js";
import * as icons from "../../components/icons.js";
import { SignInPrompt } from "../sign-in-prompt.js";
import { ListError, ListSkeleton, StaticCards } from "./browser-parts.js";
import { FileView, type FileViewProps } from "./file-view.js";
import type { LayoutView } from "./geometry.js";

/**
 * The list area of a drive page, by what is known: the sign-in prompt, the skeleton before
 * the first rows, cards laid out by CSS before the page runs, the failure with a retry, the
 * empty state, or the virtual list or grid.
 */
export function BrowserContent({
  signedOut,
  loading,
  hydrated,
  error,
  retry,
  hasMore,
  emptyState,
  ...view
}: {
  signedOut: boolean;
  loading: boolean;
  hydrated: boolean;
  error: ApiFailure | undefined;
  retry(): void;
  hasMore: boolean;
  /** What an empty list shows (inside a trashed folder: that the folder is empty). */
  emptyState: ReactNode | null;
  items: readonly DriveFile[];
  view: LayoutView;
  label: string;
} & Omit<FileViewProps, "hasMore">) {
  const { items } = view;
  if (signedOut) return <SignInPrompt />;
  if (loading && !error) return <ListSkeleton view={view.view} />;
  // Cards are laid out from the measured width, which the server cannot know: before the
  // page runs, the first cards are laid out by CSS alone.
  if (!hydrated && view.view !== "list" && items.length > 0)
    return <StaticCards items={items} view={view.view} label={view.label} />;
  if (error && items.length === 0) return <ListError error={error} retry={retry} />;
  if (items.length === 0 && !hasMore)
    return emptyState ?? <EmptyState icon={icons.folder} prefix="files.trashFolder.empty" />;
  return <FileView {...view} hasMore={hasMore} />;
}
