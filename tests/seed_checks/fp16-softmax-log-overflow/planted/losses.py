"""Contrastive (InfoNCE) and distillation losses, trained under model.half()."""

import torch
import torch.nn.functional as F


def info_nce(queries, keys, temperature=0.07):
    logits = queries @ keys.T / temperature
    probs = F.softmax(logits, dim=1)
    return -torch.log(probs.diagonal()).mean()


def distillation(student_logits, teacher_logits):
    log_student = torch.log(torch.softmax(student_logits, dim=-1))
    return F.kl_div(log_student, teacher_logits.softmax(-1), reduction="batchmean")


def log_partition(scores):
    return torch.log(torch.exp(scores).sum(dim=-1))
