// The old single-page app's first screen: nothing but its libraries, each one used so the bundle holds it.
// A login form (unform + yup + styled-components) whose button is the thing a person waits for.

import { useField } from '@unform/core';
import { Form } from '@unform/web';
import axios from 'axios';
import cep from 'cep-promise';
import { format, parseISO } from 'date-fns';
import ptBR from 'date-fns/locale/pt-BR';
import { createElement as h, useEffect, useRef, useState } from 'react';
import DayPickerInputModule from 'react-day-picker/DayPickerInput';
import { createRoot } from 'react-dom/client';
import { FiLock, FiLogIn, FiMail } from 'react-icons/fi';
import ModalModule from 'react-modal';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ToastContainer, toast } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import 'react-day-picker/lib/style.css';
import styled, { createGlobalStyle } from 'styled-components';
import * as Yup from 'yup';

// CommonJS packages whose default export arrives wrapped.
const DayPickerInput = DayPickerInputModule.default ?? DayPickerInputModule;
const Modal = ModalModule.default ?? ModalModule;

const api = axios.create({ baseURL: '/api' });

const Global = createGlobalStyle`
  body { margin: 0; font-family: 'Roboto Slab', serif; background: #f0f0f5; }
`;
const Container = styled.div`
  display: flex; flex-direction: column; align-items: center; justify-content: center; min-height: 100vh;
`;
const Button = styled.button`
  background: #ff9000; border: 0; border-radius: 10px; padding: 0 16px; height: 56px; width: 340px;
  &:disabled { opacity: 0.5; }
`;

function Input({ name, icon, ...rest }) {
  const ref = useRef(null);
  const { fieldName, defaultValue, registerField, error } = useField(name);
  useEffect(() => {
    registerField({ name: fieldName, ref: ref.current, path: 'value' });
  }, [fieldName, registerField]);
  return h('div', null, icon && h(icon, { size: 20 }), h('input', { ref, defaultValue, ...rest }), error);
}

function SignIn() {
  const formRef = useRef(null);
  const navigate = useNavigate();
  const [day, setDay] = useState(new Date());
  const [open, setOpen] = useState(false);
  async function handleSubmit(data) {
    try {
      await Yup.object()
        .shape({
          email: Yup.string().required('Usuário obrigatório'),
          password: Yup.string().required('Senha obrigatória'),
        })
        .validate(data, { abortEarly: false });
      await api.post('/sessions', data);
      navigate('/dashboard');
    } catch (err) {
      if (err instanceof Yup.ValidationError) formRef.current?.setErrors({ email: err.message });
      else toast.error('Erro na autenticação');
    }
  }
  return h(
    Container,
    null,
    h(Global),
    h(
      Form,
      { ref: formRef, onSubmit: handleSubmit },
      h('h1', null, 'Faça seu logon'),
      h(Input, { name: 'email', icon: FiMail, placeholder: 'Usuário' }),
      h(Input, { name: 'password', icon: FiLock, type: 'password', placeholder: 'Senha' }),
      h(DayPickerInput, {
        value: day,
        onDayChange: setDay,
        formatDate: (d) => format(d, 'dd/MM/yyyy', { locale: ptBR }),
      }),
      h(Button, { type: 'submit', id: 'entrar' }, h(FiLogIn), ' Entrar'),
    ),
    h(
      'a',
      { href: '#', onClick: () => setOpen(true) },
      format(parseISO('2020-01-01'), 'PPP', { locale: ptBR }),
    ),
    h(
      Modal,
      { isOpen: open, onRequestClose: () => setOpen(false), ariaHideApp: false },
      h('button', { type: 'button', onClick: () => cep('01001000').then(() => setOpen(false)) }, 'CEP'),
    ),
    h(ToastContainer, { autoClose: 3000 }),
  );
}

createRoot(document.getElementById('root')).render(
  h(BrowserRouter, null, h(Routes, null, h(Route, { path: '*', element: h(SignIn) }))),
);
