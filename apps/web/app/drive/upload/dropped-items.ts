/** What a drop from the desktop holds: entries (files and folders) where the browser gives them, else files. */
export interface DroppedItems {
  entries: FileSystemEntry[];
  files: File[];
}

/** Must run inside the drop event: the data transfer is emptied when it ends. */
export function droppedItems(transfer: DataTransfer): DroppedItems {
  const entries: FileSystemEntry[] = [];
  const files: File[] = [];
  for (const item of transfer.items) {
    if (item.kind !== "file") continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file) files.push(file);
    }
  }
  if (entries.length === 0 && files.length === 0) files.push(...transfer.files);
  return { entries, files };
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A folder's children: the reader answers in batches until an empty one. */
async function childrenOf(entry: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = entry.createReader();
  const children: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return children;
    children.push(...batch);
  }
}

/**
 * The files of a drop, folders walked: a file inside a dropped folder gets its path
 * from that folder down (`photos/2024/a.jpg`), as a folder picked with the picker gives.
 */
export async function readDropped({
  entries,
  files,
}: DroppedItems): Promise<{ file: File; relativePath?: string }[]> {
  const sources: { file: File; relativePath?: string }[] = files.map((file) => ({ file }));
  const walk = async (entry: FileSystemEntry, folder: string): Promise<void> => {
    if (entry.isFile) {
      const file = await fileOf(entry as FileSystemFileEntry);
      sources.push(folder ? { file, relativePath: `${folder}/${file.name}` } : { file });
    } else if (entry.isDirectory) {
      const path = folder ? `${folder}/${entry.name}` : entry.name;
      for (const child of await childrenOf(entry as FileSystemDirectoryEntry)) await walk(child, path);
    }
  };
  for (const entry of entries) await walk(entry, "");
  return sources;
}
