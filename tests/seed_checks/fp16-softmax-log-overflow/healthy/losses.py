"""Contrastive (InfoNCE) and distillation losses, trained under model.half()."""

import torch
import torch.nn.functional as F


def info_nce(queries, keys, temperature=0.07):
    logits = queries @ keys.T / temperature
    targets = torch.arange(len(queries), device=queries.device)
    return F.cross_entropy(logits.float(), targets)


def distillation(student_logits, teacher_logits):
    log_student = F.log_softmax(student_logits.float(), dim=-1)
    return F.kl_div(log_student, teacher_logits.float().softmax(-1), reduction="batchmean")


def log_partition(scores):
    shift = scores.amax(dim=-1, keepdim=True)
    return shift.squeeze(-1) + torch.log(torch.exp(scores - shift).sum(dim=-1))
