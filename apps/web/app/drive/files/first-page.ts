import type { DriveFileList } from "@nimbus/protocol";

/** A list's first page fetched by the route loader (server render or navigation), for one request key. */
export interface FirstPage {
  key: string;
  list: DriveFileList;
}

/** The loader data of the drive list routes. */
export interface DriveListLoaderData {
  firstPage: FirstPage | null;
}
