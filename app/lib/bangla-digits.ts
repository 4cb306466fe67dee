const BANGLA = "০১২৩৪৫৬৭৮৯";

export function toBanglaDigits(v: number | string): string {
  return String(v).replace(/[0-9]/g, (d) => BANGLA[Number(d)]);
}

export function toAsciiDigits(s: string): string {
  return s.replace(/[০-৯]/g, (d) => String(BANGLA.indexOf(d)));
}
