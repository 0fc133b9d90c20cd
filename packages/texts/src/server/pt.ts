import type { TextCatalogue } from "../catalogue.js";

/** Portuguese (pt) texts the server renders itself: mail and SMS, share statuses, the captcha page. */
export default {
  "offline.myDownloads": "Meus downloads",
  "mail.code.subject.REGISTER": "{code} é seu código de cadastro do Nimbus",
  "mail.code.subject.SIGN_IN": "{code} é seu código de acesso do Nimbus",
  "mail.code.subject.RESET_PASSWORD": "{code} é seu código para redefinir a senha do Nimbus",
  "mail.code.subject.CHANGE_EMAIL": "{code} é seu código para confirmar o novo e-mail do Nimbus",
  "mail.code.subject.DELETE_ACCOUNT": "{code} é seu código para excluir a conta do Nimbus",
  "mail.code.purpose.REGISTER": "Use este código para concluir a criação da sua conta do Nimbus.",
  "mail.code.purpose.SIGN_IN": "Use este código para entrar no Nimbus.",
  "mail.code.purpose.RESET_PASSWORD": "Use este código para redefinir sua senha do Nimbus.",
  "mail.code.purpose.CHANGE_EMAIL":
    "Use este código para confirmar este endereço como seu novo e-mail do Nimbus.",
  "mail.code.purpose.DELETE_ACCOUNT":
    "Use este código para confirmar que você quer excluir sua conta do Nimbus.",
  "mail.code.codeIntro": "Seu código de verificação:",
  "mail.code.expiry":
    "O código expira em {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. Não o compartilhe com ninguém: o Nimbus nunca vai pedi-lo.",
  "mail.code.ignore": "Se você não pediu este código, pode ignorar esta mensagem.",
  "mail.code.sms":
    "{code} é seu código de verificação do Nimbus. Expira em {minutes, plural, one {# minuto} many {# de minutos} other {# minutos}}. Não o compartilhe.",
  "mail.emailChanged.subject": "O e-mail da sua conta do Nimbus foi alterado",
  "mail.emailChanged.changed": "O e-mail da sua conta do Nimbus foi alterado para {email} em {time}.",
  "mail.emailChanged.consequence":
    "Os códigos de acesso e as mensagens sobre sua conta agora vão para o novo endereço; este não os recebe mais.",
  "mail.emailChanged.ifYou": "Se foi você quem fez essa alteração, não precisa fazer nada.",
  "mail.emailChanged.notYou":
    "Se você não fez essa alteração, outra pessoa pode estar usando sua conta. Entre imediatamente, altere sua senha e encerre as sessões que você não reconhece na página da sua conta. Se não conseguir mais entrar, fale conosco e ajudaremos você a recuperar sua conta.",
  "mail.emailChanged.contact": "Fale conosco: {url}",
  "mail.twoFactorReset.subject": "A verificação em duas etapas da sua conta Nimbus foi desativada",
  "mail.twoFactorReset.reset":
    "Um administrador deste servidor Nimbus desativou a verificação em duas etapas da sua conta em {time}. Agora você pode entrar só com a sua senha.",
  "mail.twoFactorReset.advice":
    "Depois de entrar, ative de novo a verificação em duas etapas na página da sua conta e guarde os novos códigos de recuperação em um lugar seguro.",
  "mail.twoFactorReset.notYou":
    "Se você não pediu isso, fale conosco imediatamente e troque sua senha: alguém pode estar tentando tomar a sua conta.",
  "share.status.PASS_CODE_EMPTY": "Digite o código de acesso para abrir este compartilhamento",
  "share.status.PASS_CODE_ERROR": "O código de acesso está incorreto",
  "share.status.MAX_RESTORE_COUNT": "Este compartilhamento já foi salvo o número máximo de vezes permitido",
  "share.status.EXPIRED": "Este compartilhamento expirou",
  "share.status.DELETED": "Este compartilhamento foi cancelado ou seus arquivos foram excluídos",
  "share.status.SENSITIVE_RESOURCE": "Este compartilhamento tem conteúdo sensível e não pode ser visto",
  "share.status.SENSITIVE_WORD": "Este compartilhamento contém palavras sensíveis e não pode ser visto",
  "share.status.AUDITING": "Este compartilhamento está em análise",
  "share.status.NOT_FOUND": "Este compartilhamento não existe",
  "share.status.PROHIBITED": "Este compartilhamento foi bloqueado",
  "captcha.title": "Verificação de segurança",
  "captcha.lead":
    "Confirme que é uma pessoa para continuar. O seu navegador resolve um pequeno enigma; nada é rastreado.",
  "captcha.label": "Não sou um robô",
  "captcha.loading": "A carregar…",
  "captcha.verifying": "A verificar…",
  "captcha.verified": "Verificado",
  "captcha.error": "A verificação falhou. Tente novamente.",
  "captcha.expired": "A verificação expirou. Tente novamente.",
  "captcha.reload": "Tentar novamente",
  "captcha.gone": "Esta verificação já não é válida. Feche-a e tente novamente.",
  "mail.feedbackReply.subject": "Respondemos ao seu feedback no Nimbus",
  "mail.feedbackReply.intro": "Respondemos ao feedback que você enviou em {time}:",
  "mail.feedbackReply.yours": "Seu feedback:",
  "mail.feedbackReply.see": "Veja todo o seu feedback e as nossas respostas: {url}",
  "mail.receipt.subject": "Seu recibo do Nimbus",
  "mail.receipt.thanks": "Obrigado pela sua compra. Este é o seu recibo.",
  "mail.receipt.line": "{item}: {amount}, pago em {date}.",
  "mail.receipt.order": "Número do pedido: {id}",
  "mail.receipt.item.plan": "Nimbus Premium, {days, plural, one {# dia} many {# de dias} other {# dias}}",
  "mail.receipt.item.storage_pack": "Pacote de armazenamento, {amount}",
  "mail.receipt.item.traffic_pack": "Pacote de tráfego de download, {amount}",
  "mail.premiumExpiry.subject":
    "Seu Nimbus Premium termina em {days, plural, one {# dia} many {# de dias} other {# dias}}",
  "mail.premiumExpiry.body":
    "Sua assinatura Premium termina em {date}. Depois disso, sua cota de armazenamento volta à do plano gratuito. Seus arquivos continuam guardados, mas enquanto ocuparem mais que a cota gratuita você não poderá enviar nem salvar mais.",
  "mail.premiumExpiry.keep": "Para continuar Premium, renove aqui:",
} satisfies TextCatalogue;
