// The WHATWG URL parser is a global of both runtimes (Node and browsers) but in neither ES lib; the domain
// takes only what safeRedirect(), offerUrlRefusal() and previewTarget() read, so it stays free of DOM
// and Node types.
declare class URL {
  constructor(input: string, base?: string);
  readonly href: string;
  readonly origin: string;
  readonly host: string;
  readonly protocol: string;
  readonly hostname: string;
  readonly username: string;
  readonly password: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;
}
