import { faqs } from './schema.js';

// Answers drawn from the service's own rules (docs/requirements.md).
export const seedFaqs: (typeof faqs.$inferInsert)[] = [
  {
    topic: 'buying',
    sort: 1,
    questionCn: '购买电话卡需要哪些资料？',
    answerCn:
      '语音卡（带电话号码）按日本法律须通过 IC 芯片与面部照片（在留卡、个人编号卡或驾照，在 eKYC 服务商的应用中完成）、个人编号卡电子证书（JPKI），或门店自取时在柜台完成本人确认，不需要上传证件照片。数据卡可上传在留卡正反面照片，以及护照照片页或入学许可，每个文件不超过 10M，支持 JPG、PNG、HEIC 或 PDF。',
    questionJa: 'SIM の購入に必要な書類は？',
    answerJa:
      '音声 SIM（電話番号付き）は法令により、eKYC 事業者のアプリでの IC チップと顔写真による確認（在留カード・マイナンバーカード・運転免許証）、マイナンバーカードの電子証明書（JPKI）、または店舗受け取り時の店頭確認が必要で、書類画像のアップロードは不要です。データ SIM は在留カードの表裏の画像と、パスポートの顔写真ページまたは入学許可書でお申し込みいただけます（1 ファイル 10M まで、JPG・PNG・HEIC・PDF に対応）。',
  },
  {
    topic: 'buying',
    sort: 2,
    questionCn: '价格包含消费税吗？',
    answerCn: '页面上显示的价格均已包含 10% 消费税，价格旁注明其中的税额，结算时不再另加。',
    questionJa: '価格は税込みですか？',
    answerJa:
      '画面の価格はすべて消費税 10% 込みの総額で、うち消費税額を併記しています。お支払い時に別途加算されることはありません。',
  },
  {
    topic: 'delivery',
    sort: 3,
    questionCn: '下单后多久发货？',
    answerCn: '资料审核通过后，最迟 3 个工作日内发货（不含日本法定节假日）。也可以选择到门店自取。',
    questionJa: '注文後いつ発送されますか？',
    answerJa: '審査完了後、3 営業日以内（日本の祝日を除く）に発送します。店舗での受け取りも選べます。',
  },
  {
    topic: 'delivery',
    sort: 4,
    questionCn: '邮寄地址和在留卡地址不一样怎么办？',
    answerCn: '请另外上传 3 个月内的水电燃气账单或住民票作为地址证明。',
    questionJa: '送付先が在留カードの住所と違う場合は？',
    answerJa:
      '3 か月以内の公共料金（水道・電気・ガス）の領収書または住民票を住所確認書類として追加でアップロードしてください。',
  },
  {
    topic: 'data',
    sort: 5,
    questionCn: '流量用完了会怎样？',
    answerCn: '流量不限量。当月高速流量用完后会限速，但仍可继续上网；每月 1 日重置。',
    questionJa: 'データを使い切るとどうなりますか？',
    answerJa:
      'データは無制限です。当月の高速データを使い切ると速度制限がかかりますが、引き続き利用できます。毎月 1 日にリセットされます。',
  },
  {
    topic: 'data',
    sort: 6,
    questionCn: '哪些应用不消耗流量？',
    answerCn: '微信、支付宝等 22 款热门应用使用时不消耗流量。',
    questionJa: 'データを消費しないアプリは？',
    answerJa: 'WeChat・Alipay など人気アプリ 22 種類はデータを消費しません。',
  },
  {
    topic: 'plan',
    sort: 7,
    questionCn: '变更套餐什么时候生效？',
    answerCn: '套餐变更于次月 25 日生效，生效前可以在个人中心取消。变更前需要先绑定手机号。',
    questionJa: 'プラン変更はいつ適用されますか？',
    answerJa:
      'プラン変更は翌月 25 日に適用されます。適用前ならマイページで取り消せます。変更には電話番号の登録が必要です。',
  },
  {
    topic: 'billing',
    sort: 8,
    questionCn: '可以用哪些方式付款？',
    answerCn: '支持微信支付、支付宝和信用卡。在微信内请使用微信支付，在支付宝内请使用支付宝。',
    questionJa: '支払い方法は？',
    answerJa:
      'WeChat Pay・Alipay・クレジットカードに対応しています。WeChat 内では WeChat Pay、Alipay 内では Alipay をご利用ください。',
  },
  {
    topic: 'billing',
    sort: 9,
    questionCn: '订单需要在多长时间内支付？',
    answerCn: '下单后请在页面显示的支付期限内完成支付，逾期订单会自动失效，需要重新下单。',
    questionJa: '注文はいつまでに支払えばいいですか？',
    answerJa:
      '画面に表示されるお支払い期限までにお支払いください。期限を過ぎると注文は無効になり、もう一度注文が必要です。',
  },
  {
    topic: 'documents',
    sort: 10,
    questionCn: '资料被驳回了怎么办？',
    answerCn: '在订单页面可以看到需要修改的资料和原因，修改后重新提交即可，无需重新付款。',
    questionJa: '書類が差し戻されたら？',
    answerJa: '注文ページで修正が必要な書類と理由を確認できます。修正して再提出すれば、再度のお支払いは不要です。',
  },
  {
    topic: 'service',
    sort: 11,
    questionCn: '客服什么时候在线？',
    answerCn: '中文客服工作日 9:00-17:30（东京时间）在线。',
    questionJa: 'カスタマーサービスの受付時間は？',
    answerJa: '中国語カスタマーサービスは平日 9:00〜17:30（東京時間）に対応しています。',
  },
];
