import type { Locale, VerificationUsage } from "@nimbus/protocol";

/** The texts of a verification-code mail and SMS in one language. `{minutes}` and `{code}` are filled in. */
export interface CodeMessageTexts {
  subject: Record<VerificationUsage, string>;
  purpose: Record<VerificationUsage, string>;
  /** Stands before the code, which gets a line of its own. */
  codeIntro: string;
  expiry: string;
  ignore: string;
  sms: string;
}

export const CODE_MESSAGE_TEXTS: Record<Locale, CodeMessageTexts> = {
  "en-US": {
    subject: {
      REGISTER: "Your Nimbus sign-up code",
      SIGN_IN: "Your Nimbus sign-in code",
      RESET_PASSWORD: "Reset your Nimbus password",
      CHANGE_EMAIL: "Confirm your new Nimbus email",
      DELETE_ACCOUNT: "Confirm deleting your Nimbus account",
    },
    purpose: {
      REGISTER: "Use this code to finish creating your Nimbus account.",
      SIGN_IN: "Use this code to sign in to Nimbus.",
      RESET_PASSWORD: "Use this code to reset your Nimbus password.",
      CHANGE_EMAIL: "Use this code to confirm this address as your new Nimbus email.",
      DELETE_ACCOUNT: "Use this code to confirm that you want to delete your Nimbus account.",
    },
    codeIntro: "Your verification code:",
    expiry:
      "The code expires in {minutes} minutes. Never share it with anyone: Nimbus will never ask you for it.",
    ignore: "If you did not ask for this code, you can ignore this message.",
    sms: "{code} is your Nimbus verification code. It expires in {minutes} minutes. Do not share it.",
  },
  es: {
    subject: {
      REGISTER: "Tu código de registro de Nimbus",
      SIGN_IN: "Tu código de inicio de sesión de Nimbus",
      RESET_PASSWORD: "Restablece tu contraseña de Nimbus",
      CHANGE_EMAIL: "Confirma tu nuevo correo de Nimbus",
      DELETE_ACCOUNT: "Confirma la eliminación de tu cuenta de Nimbus",
    },
    purpose: {
      REGISTER: "Usa este código para terminar de crear tu cuenta de Nimbus.",
      SIGN_IN: "Usa este código para iniciar sesión en Nimbus.",
      RESET_PASSWORD: "Usa este código para restablecer tu contraseña de Nimbus.",
      CHANGE_EMAIL: "Usa este código para confirmar esta dirección como tu nuevo correo de Nimbus.",
      DELETE_ACCOUNT: "Usa este código para confirmar que quieres eliminar tu cuenta de Nimbus.",
    },
    codeIntro: "Tu código de verificación:",
    expiry: "El código caduca en {minutes} minutos. No lo compartas con nadie: Nimbus nunca te lo pedirá.",
    ignore: "Si no pediste este código, puedes ignorar este mensaje.",
    sms: "{code} es tu código de verificación de Nimbus. Caduca en {minutes} minutos. No lo compartas.",
  },
  id: {
    subject: {
      REGISTER: "Kode pendaftaran Nimbus Anda",
      SIGN_IN: "Kode masuk Nimbus Anda",
      RESET_PASSWORD: "Atur ulang kata sandi Nimbus Anda",
      CHANGE_EMAIL: "Konfirmasi email Nimbus baru Anda",
      DELETE_ACCOUNT: "Konfirmasi penghapusan akun Nimbus Anda",
    },
    purpose: {
      REGISTER: "Gunakan kode ini untuk menyelesaikan pembuatan akun Nimbus Anda.",
      SIGN_IN: "Gunakan kode ini untuk masuk ke Nimbus.",
      RESET_PASSWORD: "Gunakan kode ini untuk mengatur ulang kata sandi Nimbus Anda.",
      CHANGE_EMAIL: "Gunakan kode ini untuk mengonfirmasi alamat ini sebagai email Nimbus baru Anda.",
      DELETE_ACCOUNT: "Gunakan kode ini untuk mengonfirmasi bahwa Anda ingin menghapus akun Nimbus Anda.",
    },
    codeIntro: "Kode verifikasi Anda:",
    expiry:
      "Kode ini kedaluwarsa dalam {minutes} menit. Jangan bagikan kepada siapa pun: Nimbus tidak akan pernah memintanya.",
    ignore: "Jika Anda tidak meminta kode ini, abaikan pesan ini.",
    sms: "{code} adalah kode verifikasi Nimbus Anda. Berlaku {minutes} menit. Jangan bagikan kode ini.",
  },
  ja: {
    subject: {
      REGISTER: "Nimbus の登録コード",
      SIGN_IN: "Nimbus のログインコード",
      RESET_PASSWORD: "Nimbus のパスワード再設定",
      CHANGE_EMAIL: "Nimbus の新しいメールアドレスの確認",
      DELETE_ACCOUNT: "Nimbus アカウント削除の確認",
    },
    purpose: {
      REGISTER: "このコードを入力して Nimbus アカウントの作成を完了してください。",
      SIGN_IN: "このコードを入力して Nimbus にログインしてください。",
      RESET_PASSWORD: "このコードを入力して Nimbus のパスワードを再設定してください。",
      CHANGE_EMAIL:
        "このコードを入力して、このアドレスを Nimbus の新しいメールアドレスとして確認してください。",
      DELETE_ACCOUNT: "このコードを入力して、Nimbus アカウントの削除を確認してください。",
    },
    codeIntro: "確認コード:",
    expiry:
      "コードの有効期限は {minutes} 分です。誰にも教えないでください。Nimbus がコードを尋ねることはありません。",
    ignore: "このコードに心当たりがない場合は、このメッセージを無視してください。",
    sms: "Nimbus の確認コードは {code} です。有効期限は {minutes} 分です。他人に教えないでください。",
  },
  ko: {
    subject: {
      REGISTER: "Nimbus 가입 인증 코드",
      SIGN_IN: "Nimbus 로그인 인증 코드",
      RESET_PASSWORD: "Nimbus 비밀번호 재설정",
      CHANGE_EMAIL: "Nimbus 새 이메일 확인",
      DELETE_ACCOUNT: "Nimbus 계정 삭제 확인",
    },
    purpose: {
      REGISTER: "이 코드를 입력하여 Nimbus 계정 만들기를 완료하세요.",
      SIGN_IN: "이 코드를 입력하여 Nimbus에 로그인하세요.",
      RESET_PASSWORD: "이 코드를 입력하여 Nimbus 비밀번호를 재설정하세요.",
      CHANGE_EMAIL: "이 코드를 입력하여 이 주소를 Nimbus의 새 이메일로 확인하세요.",
      DELETE_ACCOUNT: "이 코드를 입력하여 Nimbus 계정 삭제를 확인하세요.",
    },
    codeIntro: "인증 코드:",
    expiry:
      "코드는 {minutes}분 후에 만료됩니다. 누구와도 공유하지 마세요. Nimbus는 절대 코드를 묻지 않습니다.",
    ignore: "이 코드를 요청하지 않았다면 이 메시지를 무시하셔도 됩니다.",
    sms: "Nimbus 인증 코드는 {code}입니다. {minutes}분 후에 만료됩니다. 다른 사람과 공유하지 마세요.",
  },
  ms: {
    subject: {
      REGISTER: "Kod pendaftaran Nimbus anda",
      SIGN_IN: "Kod log masuk Nimbus anda",
      RESET_PASSWORD: "Tetapkan semula kata laluan Nimbus anda",
      CHANGE_EMAIL: "Sahkan e-mel Nimbus baharu anda",
      DELETE_ACCOUNT: "Sahkan pemadaman akaun Nimbus anda",
    },
    purpose: {
      REGISTER: "Gunakan kod ini untuk melengkapkan pembukaan akaun Nimbus anda.",
      SIGN_IN: "Gunakan kod ini untuk log masuk ke Nimbus.",
      RESET_PASSWORD: "Gunakan kod ini untuk menetapkan semula kata laluan Nimbus anda.",
      CHANGE_EMAIL: "Gunakan kod ini untuk mengesahkan alamat ini sebagai e-mel Nimbus baharu anda.",
      DELETE_ACCOUNT: "Gunakan kod ini untuk mengesahkan bahawa anda mahu memadam akaun Nimbus anda.",
    },
    codeIntro: "Kod pengesahan anda:",
    expiry:
      "Kod ini tamat tempoh dalam {minutes} minit. Jangan kongsikan dengan sesiapa: Nimbus tidak akan memintanya.",
    ignore: "Jika anda tidak meminta kod ini, abaikan mesej ini.",
    sms: "{code} ialah kod pengesahan Nimbus anda. Tamat tempoh dalam {minutes} minit. Jangan kongsikan.",
  },
  pt: {
    subject: {
      REGISTER: "Seu código de cadastro do Nimbus",
      SIGN_IN: "Seu código de acesso do Nimbus",
      RESET_PASSWORD: "Redefina sua senha do Nimbus",
      CHANGE_EMAIL: "Confirme seu novo e-mail do Nimbus",
      DELETE_ACCOUNT: "Confirme a exclusão da sua conta do Nimbus",
    },
    purpose: {
      REGISTER: "Use este código para concluir a criação da sua conta do Nimbus.",
      SIGN_IN: "Use este código para entrar no Nimbus.",
      RESET_PASSWORD: "Use este código para redefinir sua senha do Nimbus.",
      CHANGE_EMAIL: "Use este código para confirmar este endereço como seu novo e-mail do Nimbus.",
      DELETE_ACCOUNT: "Use este código para confirmar que você quer excluir sua conta do Nimbus.",
    },
    codeIntro: "Seu código de verificação:",
    expiry:
      "O código expira em {minutes} minutos. Não o compartilhe com ninguém: o Nimbus nunca vai pedi-lo.",
    ignore: "Se você não pediu este código, pode ignorar esta mensagem.",
    sms: "{code} é seu código de verificação do Nimbus. Expira em {minutes} minutos. Não o compartilhe.",
  },
  ru: {
    subject: {
      REGISTER: "Код для регистрации в Nimbus",
      SIGN_IN: "Код для входа в Nimbus",
      RESET_PASSWORD: "Сброс пароля Nimbus",
      CHANGE_EMAIL: "Подтвердите новый адрес почты для Nimbus",
      DELETE_ACCOUNT: "Подтвердите удаление аккаунта Nimbus",
    },
    purpose: {
      REGISTER: "Введите этот код, чтобы завершить создание аккаунта Nimbus.",
      SIGN_IN: "Введите этот код, чтобы войти в Nimbus.",
      RESET_PASSWORD: "Введите этот код, чтобы сбросить пароль Nimbus.",
      CHANGE_EMAIL: "Введите этот код, чтобы подтвердить этот адрес как новую почту для Nimbus.",
      DELETE_ACCOUNT: "Введите этот код, чтобы подтвердить удаление аккаунта Nimbus.",
    },
    codeIntro: "Ваш код подтверждения:",
    expiry: "Код действует {minutes} минут. Никому его не сообщайте: Nimbus никогда не попросит его у вас.",
    ignore: "Если вы не запрашивали этот код, просто проигнорируйте это письмо.",
    sms: "{code} — ваш код подтверждения Nimbus. Действует {minutes} минут. Никому его не сообщайте.",
  },
  uk: {
    subject: {
      REGISTER: "Код для реєстрації в Nimbus",
      SIGN_IN: "Код для входу в Nimbus",
      RESET_PASSWORD: "Скидання пароля Nimbus",
      CHANGE_EMAIL: "Підтвердьте нову адресу пошти для Nimbus",
      DELETE_ACCOUNT: "Підтвердьте видалення облікового запису Nimbus",
    },
    purpose: {
      REGISTER: "Введіть цей код, щоб завершити створення облікового запису Nimbus.",
      SIGN_IN: "Введіть цей код, щоб увійти в Nimbus.",
      RESET_PASSWORD: "Введіть цей код, щоб скинути пароль Nimbus.",
      CHANGE_EMAIL: "Введіть цей код, щоб підтвердити цю адресу як нову пошту для Nimbus.",
      DELETE_ACCOUNT: "Введіть цей код, щоб підтвердити видалення облікового запису Nimbus.",
    },
    codeIntro: "Ваш код підтвердження:",
    expiry:
      "Код дійсний {minutes} хвилин. Нікому його не повідомляйте: Nimbus ніколи не попросить його у вас.",
    ignore: "Якщо ви не запитували цей код, просто проігноруйте цей лист.",
    sms: "{code} — ваш код підтвердження Nimbus. Дійсний {minutes} хвилин. Нікому його не повідомляйте.",
  },
  "zh-CN": {
    subject: {
      REGISTER: "您的 Nimbus 注册验证码",
      SIGN_IN: "您的 Nimbus 登录验证码",
      RESET_PASSWORD: "重置您的 Nimbus 密码",
      CHANGE_EMAIL: "确认您的 Nimbus 新邮箱",
      DELETE_ACCOUNT: "确认注销您的 Nimbus 账号",
    },
    purpose: {
      REGISTER: "请使用此验证码完成 Nimbus 账号注册。",
      SIGN_IN: "请使用此验证码登录 Nimbus。",
      RESET_PASSWORD: "请使用此验证码重置您的 Nimbus 密码。",
      CHANGE_EMAIL: "请使用此验证码确认将此地址设为您的 Nimbus 新邮箱。",
      DELETE_ACCOUNT: "请使用此验证码确认注销您的 Nimbus 账号。",
    },
    codeIntro: "您的验证码：",
    expiry: "验证码将在 {minutes} 分钟后失效。请勿告诉任何人，Nimbus 绝不会向您索要验证码。",
    ignore: "如果您没有申请此验证码，请忽略此邮件。",
    sms: "您的 Nimbus 验证码是 {code}，{minutes} 分钟内有效。请勿泄露给他人。",
  },
  "zh-TW": {
    subject: {
      REGISTER: "您的 Nimbus 註冊驗證碼",
      SIGN_IN: "您的 Nimbus 登入驗證碼",
      RESET_PASSWORD: "重設您的 Nimbus 密碼",
      CHANGE_EMAIL: "確認您的 Nimbus 新電子郵件",
      DELETE_ACCOUNT: "確認刪除您的 Nimbus 帳號",
    },
    purpose: {
      REGISTER: "請使用此驗證碼完成 Nimbus 帳號註冊。",
      SIGN_IN: "請使用此驗證碼登入 Nimbus。",
      RESET_PASSWORD: "請使用此驗證碼重設您的 Nimbus 密碼。",
      CHANGE_EMAIL: "請使用此驗證碼確認將此地址設為您的 Nimbus 新電子郵件。",
      DELETE_ACCOUNT: "請使用此驗證碼確認刪除您的 Nimbus 帳號。",
    },
    codeIntro: "您的驗證碼：",
    expiry: "驗證碼將在 {minutes} 分鐘後失效。請勿告訴任何人，Nimbus 絕不會向您索取驗證碼。",
    ignore: "如果您沒有申請此驗證碼，請忽略此郵件。",
    sms: "您的 Nimbus 驗證碼是 {code}，{minutes} 分鐘內有效。請勿洩露給他人。",
  },
};
