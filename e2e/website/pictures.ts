import sharp from 'sharp';

/** Pictures drawn for the tests (nothing fetched): a round logo and soft, warm "photos" of light and stones. */
export async function logoPng(colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 48 48">
    <circle cx="24" cy="24" r="23" fill="${colour}"/>
    <path d="M14 34c0-12 8-20 22-21-1 14-9 21-22 21z" fill="#fff"/>
    <path d="M14 34l12-12" stroke="${colour}" stroke-width="2" stroke-linecap="round"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export async function warmPhoto(width: number, height: number, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <radialGradient id="light" cx="30%" cy="35%" r="80%">
        <stop offset="0" stop-color="hsl(${hue}, 70%, 82%)"/>
        <stop offset="0.55" stop-color="hsl(${hue}, 45%, 52%)"/>
        <stop offset="1" stop-color="hsl(${hue + 10}, 40%, 22%)"/>
      </radialGradient>
      <filter id="blur"><feGaussianBlur stdDeviation="${Math.round(width / 60)}"/></filter>
    </defs>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <g filter="url(#blur)" opacity="0.55">
      <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${width * 0.06}" fill="hsl(${hue + 20}, 90%, 88%)"/>
      <circle cx="${width * 0.84}" cy="${height * 0.22}" r="${width * 0.04}" fill="hsl(${hue + 25}, 90%, 90%)"/>
      <circle cx="${width * 0.62}" cy="${height * 0.18}" r="${width * 0.03}" fill="hsl(${hue + 15}, 90%, 92%)"/>
    </g>
    <ellipse cx="${width * 0.5}" cy="${height * 0.86}" rx="${width * 0.26}" ry="${height * 0.07}" fill="hsl(${hue}, 20%, 25%)"/>
    <ellipse cx="${width * 0.49}" cy="${height * 0.75}" rx="${width * 0.18}" ry="${height * 0.055}" fill="hsl(${hue}, 18%, 38%)"/>
    <ellipse cx="${width * 0.51}" cy="${height * 0.665}" rx="${width * 0.12}" ry="${height * 0.042}" fill="hsl(${hue}, 16%, 50%)"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}
