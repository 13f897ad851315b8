import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Form, Input, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { extendsParentCode, type SectorScheme, type ServiceNode } from '@portal/shared';
import { ApiError, http } from '../../api/http';

interface Values {
  servicesParent: string;
  title: string;
  value: string;
}

/** The server's refusals a secretariat user can act on, by code; anything else is the spec's generic text. */
const REFUSALS = {
  DUPLICATE_CODE: 'sectors.refusals.duplicateCode',
  INVALID_CODE: 'sectors.refusals.invalidCode',
  CODE_OUTSIDE_PARENT: 'sectors.refusals.codeUnderParent',
} as const;
const refusalKey = (err: unknown) =>
  err instanceof ApiError && err.code in REFUSALS
    ? REFUSALS[err.code as keyof typeof REFUSALS]
    : 'sectors.messages.serviceAddFailed';

type TreeSelectNode = { title: string; value: string; children: TreeSelectNode[] };
const toTreeSelect = (nodes: ServiceNode[]): TreeSelectNode[] =>
  nodes.map((n) => ({ title: `${n.value} ${n.title}`, value: n.value, children: toTreeSelect(n.children) }));

/**
 * The secretariat's "add a service" form: parent level, title and code, each 'required' (the spec's validation rules).
 */
export function AddServiceForm({
  open,
  onClose,
  scheme,
  tree,
}: {
  open: boolean;
  onClose: () => void;
  scheme: SectorScheme;
  tree: ServiceNode[];
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const treeData = useMemo(() => toTreeSelect(tree), [tree]);
  const add = useMutation({
    mutationFn: (v: Values) => http.post('/add-services', { ...v, sectorType: scheme }),
    onSuccess: async () => {
      void message.success(t('sectors.messages.serviceAdded'));
      await queryClient.invalidateQueries({ queryKey: ['arrays', scheme] });
      form.resetFields();
      onClose();
    },
    onError: (err) => void message.error(t(refusalKey(err))),
  });
  const required = [{ required: true, whitespace: true, message: t('sectors.messages.required') }];
  return (
    <Modal
      open={open}
      title={t('sectors.addService')}
      okText={t('sectors.add')}
      cancelText={t('sectors.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => add.mutate(v)} requiredMark>
        <Form.Item name="servicesParent" label={t('sectors.parent')} rules={required}>
          <TreeSelect
            treeData={treeData}
            showSearch
            treeNodeFilterProp="title"
            popupMatchSelectWidth={false}
            listHeight={320}
          />
        </Form.Item>
        <Form.Item name="title" label={t('sectors.serviceTitle')} rules={required}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('sectors.code')}
          dependencies={['servicesParent']}
          rules={[
            ...required,
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                const parent = getFieldValue('servicesParent') as string | undefined;
                if (parent && value?.trim() && !extendsParentCode(scheme, parent, value.trim()))
                  throw new Error(t('sectors.refusals.codeUnderParent'));
              },
            }),
          ]}
        >
          <Input maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
