import type { Locale } from "@nimbus/protocol";

/** The challenge page's texts, also handed to the ALTCHA widget as its strings. */
export interface ChallengeTexts {
  title: string;
  lead: string;
  label: string;
  loading: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
  reload: string;
  /** Shown on a ticket that is forged or too old. */
  gone: string;
}

/**
 * The page is served by the API process itself (no web bundle inside a 320×430
 * frame), so its few texts live here, in the 11 locales of the web catalogues.
 */
export const CHALLENGE_TEXTS: Record<Locale, ChallengeTexts> = {
  "en-US": {
    title: "Security check",
    lead: "Confirm you are a person to continue. Your browser solves a short puzzle; nothing is tracked.",
    label: "I'm not a robot",
    loading: "Loading…",
    verifying: "Checking…",
    verified: "Verified",
    error: "The check failed. Please try again.",
    expired: "The check expired. Please try again.",
    reload: "Try again",
    gone: "This check is no longer valid. Close it and try again.",
  },
  es: {
    title: "Control de seguridad",
    lead: "Confirma que eres una persona para continuar. Tu navegador resuelve un breve acertijo; no se rastrea nada.",
    label: "No soy un robot",
    loading: "Cargando…",
    verifying: "Comprobando…",
    verified: "Verificado",
    error: "La comprobación ha fallado. Inténtalo de nuevo.",
    expired: "La comprobación ha caducado. Inténtalo de nuevo.",
    reload: "Reintentar",
    gone: "Esta comprobación ya no es válida. Ciérrala y vuelve a intentarlo.",
  },
  id: {
    title: "Pemeriksaan keamanan",
    lead: "Pastikan Anda manusia untuk melanjutkan. Browser Anda memecahkan teka-teki singkat; tidak ada yang dilacak.",
    label: "Saya bukan robot",
    loading: "Memuat…",
    verifying: "Memeriksa…",
    verified: "Terverifikasi",
    error: "Pemeriksaan gagal. Silakan coba lagi.",
    expired: "Pemeriksaan kedaluwarsa. Silakan coba lagi.",
    reload: "Coba lagi",
    gone: "Pemeriksaan ini sudah tidak berlaku. Tutup dan coba lagi.",
  },
  ja: {
    title: "セキュリティチェック",
    lead: "続行するには人間であることを確認してください。ブラウザーが短いパズルを解きます。追跡は行いません。",
    label: "私はロボットではありません",
    loading: "読み込み中…",
    verifying: "確認中…",
    verified: "確認済み",
    error: "確認に失敗しました。もう一度お試しください。",
    expired: "確認の有効期限が切れました。もう一度お試しください。",
    reload: "再試行",
    gone: "この確認は無効になりました。閉じてからもう一度お試しください。",
  },
  ko: {
    title: "보안 확인",
    lead: "계속하려면 사람임을 확인해 주세요. 브라우저가 짧은 퍼즐을 풉니다. 추적은 하지 않습니다.",
    label: "로봇이 아닙니다",
    loading: "불러오는 중…",
    verifying: "확인 중…",
    verified: "확인됨",
    error: "확인에 실패했습니다. 다시 시도해 주세요.",
    expired: "확인이 만료되었습니다. 다시 시도해 주세요.",
    reload: "다시 시도",
    gone: "이 확인은 더 이상 유효하지 않습니다. 닫고 다시 시도해 주세요.",
  },
  ms: {
    title: "Semakan keselamatan",
    lead: "Sahkan anda manusia untuk meneruskan. Pelayar anda menyelesaikan teka-teki ringkas; tiada apa yang dijejaki.",
    label: "Saya bukan robot",
    loading: "Memuatkan…",
    verifying: "Menyemak…",
    verified: "Disahkan",
    error: "Semakan gagal. Sila cuba lagi.",
    expired: "Semakan telah tamat tempoh. Sila cuba lagi.",
    reload: "Cuba lagi",
    gone: "Semakan ini tidak lagi sah. Tutup dan cuba lagi.",
  },
  pt: {
    title: "Verificação de segurança",
    lead: "Confirme que é uma pessoa para continuar. O seu navegador resolve um pequeno enigma; nada é rastreado.",
    label: "Não sou um robô",
    loading: "A carregar…",
    verifying: "A verificar…",
    verified: "Verificado",
    error: "A verificação falhou. Tente novamente.",
    expired: "A verificação expirou. Tente novamente.",
    reload: "Tentar novamente",
    gone: "Esta verificação já não é válida. Feche-a e tente novamente.",
  },
  ru: {
    title: "Проверка безопасности",
    lead: "Подтвердите, что вы человек, чтобы продолжить. Браузер решит короткую задачу; ничего не отслеживается.",
    label: "Я не робот",
    loading: "Загрузка…",
    verifying: "Проверка…",
    verified: "Проверено",
    error: "Проверка не пройдена. Попробуйте ещё раз.",
    expired: "Время проверки истекло. Попробуйте ещё раз.",
    reload: "Повторить",
    gone: "Эта проверка больше недействительна. Закройте её и попробуйте снова.",
  },
  uk: {
    title: "Перевірка безпеки",
    lead: "Підтвердьте, що ви людина, щоб продовжити. Браузер розв'яже коротку задачу; нічого не відстежується.",
    label: "Я не робот",
    loading: "Завантаження…",
    verifying: "Перевірка…",
    verified: "Перевірено",
    error: "Перевірку не пройдено. Спробуйте ще раз.",
    expired: "Час перевірки минув. Спробуйте ще раз.",
    reload: "Повторити",
    gone: "Ця перевірка більше не дійсна. Закрийте її та спробуйте знову.",
  },
  "zh-CN": {
    title: "安全验证",
    lead: "请确认您是真人以继续。浏览器会解一道简短的谜题，不会进行任何追踪。",
    label: "我不是机器人",
    loading: "加载中…",
    verifying: "验证中…",
    verified: "已验证",
    error: "验证失败，请重试。",
    expired: "验证已过期，请重试。",
    reload: "重试",
    gone: "此验证已失效，请关闭后重试。",
  },
  "zh-TW": {
    title: "安全驗證",
    lead: "請確認您是真人以繼續。瀏覽器會解一道簡短的謎題，不會進行任何追蹤。",
    label: "我不是機器人",
    loading: "載入中…",
    verifying: "驗證中…",
    verified: "已驗證",
    error: "驗證失敗，請再試一次。",
    expired: "驗證已過期，請再試一次。",
    reload: "再試一次",
    gone: "此驗證已失效，請關閉後再試一次。",
  },
};
