// The guest link's QR code, drawn in the browser (the `qrcode` library, loaded only when a stay's
// guest link is opened), and a printable page with it for the welcome book.
import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import PrintRoundedIcon from '#icons/PrintRounded';
import { useTranslation } from 'react-i18next';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The QR code of `url` as SVG markup (medium error correction, a quiet zone of 2 modules). */
async function qrSvg(url: string): Promise<string> {
  const { toString } = await import('qrcode');
  return toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}

export function GuestLinkQr({ url, propertyName }: { url: string; propertyName: string }) {
  const { t } = useTranslation();
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let current = true;
    qrSvg(url)
      .then((markup) => current && setSvg(markup))
      .catch(() => current && setSvg(undefined));
    return () => {
      current = false;
    };
  }, [url]);

  const print = () => {
    if (!svg) return;
    const page = window.open('', '_blank', 'width=640,height=800');
    if (!page) return;
    page.document.write(
      `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(propertyName)}</title>` +
        '<style>body{font-family:system-ui,sans-serif;text-align:center;padding:2rem}svg{width:70mm;height:70mm}p{font-size:14pt}</style></head><body>' +
        `<h1>${escapeHtml(propertyName)}</h1><p>${escapeHtml(t('reservations.guestLink.printHeading'))}</p>${svg}<p style="font-size:9pt;word-break:break-all">${escapeHtml(url)}</p></body></html>`,
    );
    page.document.close();
    page.focus();
    page.print();
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Box
        role="img"
        aria-label={t('reservations.guestLink.qrLabel')}
        data-testid="guest-link-qr"
        sx={{ width: 120, height: 120, bgcolor: 'common.white', border: 1, borderColor: 'divider', borderRadius: 1, '& svg': { width: '100%', height: '100%', display: 'block' } }}
        // The library's own SVG of the URL: paths and rectangles only, no text of ours.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <Button size="small" variant="outlined" startIcon={<PrintRoundedIcon />} onClick={print} disabled={!svg}>
        {t('reservations.guestLink.print')}
      </Button>
    </Box>
  );
}
