import { ArrowLeft } from 'lucide-react';
import { useNavigate } from 'react-router';
import { t } from '../i18n';

/** Goes back in the app's history; opened from a link there is none, so it goes to `fallback`. */
export function BackButton({ fallback }: { fallback: string }) {
  const navigate = useNavigate();
  const onBack = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate(fallback));
  return (
    <button type="button" className="icon-btn" aria-label={t('back')} onClick={() => void onBack()}>
      <ArrowLeft size={22} aria-hidden />
    </button>
  );
}
