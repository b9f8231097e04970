import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Issue 25 §1: each LibreOffice run starts from a fresh profile (two runs sharing one also fail
// silently, docs/MEDIA-NOTES), seeded with these settings before LibreOffice first reads it.

const SETTINGS: [path: string, name: string, value: string | number | boolean][] = [
  // Linked pictures (an <a:blip r:link> to a URL) are fetched while loading unless this is on: they are
  // blocked for documents outside the trusted locations, and there are none.
  ["org.openoffice.Office.Common/Security/Scripting", "BlockUntrustedRefererLinks", true],
  ["org.openoffice.Office.Common/Security/Scripting", "DisableMacrosExecution", true],
  // 3: "very high", only macros from trusted locations (none) may run.
  ["org.openoffice.Office.Common/Security/Scripting", "MacroSecurityLevel", 3],
  // Links to other files and DDE are never updated (Writer: LinkUpdateModes NEVER = 0; Calc: LM_NEVER = 1).
  ["org.openoffice.Office.Writer/Content/Update", "Link", 0],
  ["org.openoffice.Office.Calc/Content/Update", "Link", 1],
  // A manual proxy on a closed loopback port: without a network namespace, a request still fails at once.
  ["org.openoffice.Inet/Settings", "ooInetProxyType", 1],
  ["org.openoffice.Inet/Settings", "ooInetHTTPProxyName", "127.0.0.1"],
  ["org.openoffice.Inet/Settings", "ooInetHTTPProxyPort", 9],
  ["org.openoffice.Inet/Settings", "ooInetHTTPSProxyName", "127.0.0.1"],
  ["org.openoffice.Inet/Settings", "ooInetHTTPSProxyPort", 9],
  ["org.openoffice.Inet/Settings", "ooInetFTPProxyName", "127.0.0.1"],
  ["org.openoffice.Inet/Settings", "ooInetFTPProxyPort", 9],
  ["org.openoffice.Inet/Settings", "ooInetNoProxy", ""],
  [
    "org.openoffice.Office.Jobs/Jobs/org.openoffice.Office.Jobs:Job['UpdateCheck']/Arguments",
    "AutoCheckEnabled",
    false,
  ],
  ["org.openoffice.Office.Common/Misc", "UseOpenCL", false],
];

const item = ([where, name, value]: (typeof SETTINGS)[number]) =>
  `<item oor:path="/${where}"><prop oor:name="${name}" oor:op="fuse"><value>${value}</value></prop></item>`;

/** Writes a new profile under `dir`; returns its -env:UserInstallation URL. */
export async function freshOfficeProfile(dir: string): Promise<string> {
  await mkdir(path.join(dir, "user"), { recursive: true });
  const xcu = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    ...SETTINGS.map(item),
    "</oor:items>",
  ].join("\n");
  await writeFile(path.join(dir, "user", "registrymodifications.xcu"), xcu);
  return pathToFileURL(dir).href;
}
