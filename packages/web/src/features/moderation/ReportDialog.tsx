import { useId, useState, type FormEvent } from 'react';
import { MAX_REPORT_DETAILS_LENGTH, REPORT_REASONS, type ReportReason, type ReportTargetKind } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { ErrorBox } from '../../components/ErrorBox';
import { errorMessage } from '../../api/client';
import { useReport } from './api';
import { useInstanceRules } from '../instance/api';
import styles from './Moderation.module.css';
import { t } from '../../i18n';

/**
 * The report dialog: a labelled radio group of reasons, then the rules an admin wrote (each one a
 * reason of its own, sent as 'other' with the rule), details (required for 'Other'), Send; then the
 * thank-you message in the same dialog (announced as a status).
 */
export function ReportDialog({ kind, target, onClose }: { kind: ReportTargetKind; target: string; onClose(): void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [rule, setRule] = useState<string | null>(null);
  const [details, setDetails] = useState('');
  const report = useReport();
  const rules = useInstanceRules(true).data ?? [];
  const id = useId();
  const detailsNeeded = reason === 'other' && rule === null && details.trim() === '';
  const choose = (next: ReportReason, nextRule: string | null = null) => {
    setReason(next);
    setRule(nextRule);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason || detailsNeeded || report.isPending) return;
    report.mutate({ kind, target, reason, details: details.trim(), ...(rule === null ? {} : { rule }) });
  };

  if (report.isSuccess) {
    return (
      <Modal title={t(`moderation.reportTitle.${kind}`)} onClose={onClose}>
        <p id={`${id}-sent`} role="status" className={styles.sent}>
          {report.data.alreadyReported ? t('moderation.alreadyReported') : t('moderation.reportSent')}
        </p>
        <div className={styles.actions}>
          {/* Send has gone with the form: focus moves to what replaced it, which also reads the thanks */}
          <button type="button" className="btn btn-primary" onClick={onClose} autoFocus aria-describedby={`${id}-sent`}>
            {t('moderation.done')}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t(`moderation.reportTitle.${kind}`)} onClose={onClose}>
      <form onSubmit={onSubmit}>
        <p id={`${id}-legend`} className={styles.legend}>
          {t('moderation.reasonLegend')}
        </p>
        <div role="radiogroup" aria-labelledby={`${id}-legend`} className={styles.reasons}>
          {REPORT_REASONS.map((value) => (
            <label key={value} className={styles.reason}>
              <input type="radio" name={`${id}-reason`} value={value} checked={reason === value && rule === null} onChange={() => choose(value)} />
              {t(`moderation.reasons.${value}`)}
            </label>
          ))}
          {rules.map((text) => (
            <label key={text} className={styles.reason}>
              <input type="radio" name={`${id}-reason`} value={`rule:${text}`} checked={rule === text} onChange={() => choose('other', text)} />
              {t('instance.ruleReason', { rule: text })}
            </label>
          ))}
        </div>
        <div className="field">
          <label htmlFor={`${id}-details`}>{detailsRequiredLabel(reason, rule)}</label>
          <textarea
            id={`${id}-details`}
            className="textarea"
            value={details}
            maxLength={MAX_REPORT_DETAILS_LENGTH}
            required={reason === 'other' && rule === null}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        {report.isError && <ErrorBox>{errorMessage(report.error)}</ErrorBox>}
        <div className={styles.actions}>
          <button type="submit" className="btn btn-primary" disabled={!reason || detailsNeeded || report.isPending}>
            {report.isPending ? t('moderation.sending') : t('moderation.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

const detailsRequiredLabel = (reason: ReportReason | null, rule: string | null) =>
  reason === 'other' && rule === null ? t('moderation.detailsLabelRequired') : t('moderation.detailsLabel');
