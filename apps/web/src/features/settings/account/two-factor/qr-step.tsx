import { TIMING, TWO_FACTOR } from '@confab/shared';
import { Check, Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { showToast } from '../../../../components/ui/toast-store';

/** The otpauth QR code (SPEC 9: 200 px, margin 2) and the secret for typing in by hand. */
export function QrStep({ otpauthUrl, onNext }: { otpauthUrl: string; onNext(): void }) {
  const { t } = useTranslation('twoFactor');
  const secret = new URL(otpauthUrl).searchParams.get('secret') ?? '';
  const [isCopied, setIsCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setIsCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setIsCopied(false), TIMING.copyFeedbackMs);
    } catch {
      showToast({ message: t('copy_failed'), status: 'error' });
    }
  };

  return (
    <div data-testid="twofa-step-qr">
      <p className="text-[15px] leading-relaxed text-fg-secondary">{t('qr_hint')}</p>
      <div className="mt-4 flex justify-center">
        {/* White behind the code in both themes: scanners want dark modules on light. */}
        <div className="rounded-2xl border border-line bg-white p-2 shadow-sm" data-testid="twofa-qr">
          <QRCodeSVG
            value={otpauthUrl}
            size={TWO_FACTOR.qrSize}
            marginSize={TWO_FACTOR.qrMargin}
            level="M"
            title={t('qr_title')}
          />
        </div>
      </div>
      <p className="mt-5 text-sm text-fg-secondary">{t('manual_hint')}</p>
      <div className="mt-2 flex items-center gap-2 rounded-xl border border-line-strong bg-surface p-1.5 pl-3.5">
        <code
          className="min-w-0 flex-1 font-mono text-sm tracking-wider break-all text-fg select-all"
          aria-label={t('secret_label')}
          data-testid="totp-secret"
        >
          {/* Groups of four are easier to type; the gaps are margins, so a copy is the bare key. */}
          {secret.match(/.{1,4}/g)?.map((group, index) => (
            <span key={index} className="mr-[0.6ch] inline-block last:mr-0">
              {group}
            </span>
          ))}
        </code>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void copy()}
          data-testid="totp-secret-copy"
          aria-live="polite"
        >
          {isCopied ? <Check className="size-4" aria-hidden /> : <Copy className="size-4" aria-hidden />}
          {isCopied ? t('copied') : t('copy')}
        </Button>
      </div>
      <div className="mt-6 flex justify-end">
        <Button onClick={onNext} data-testid="twofa-next">
          {t('next')}
        </Button>
      </div>
    </div>
  );
}
