//! Encoding PCM16 to WAV (by hand) and MP3 (LAME, CBR, with the LAME/Info tag so decoders
//! trim the encoder delay and padding and the decoded length matches the rendered length).

#[derive(Debug, thiserror::Error)]
pub(crate) enum EncodeError {
    #[cfg_attr(not(feature = "mp3"), allow(dead_code))]
    #[error("the MP3 encoder could not be configured: {0}")]
    Configure(String),
    #[cfg_attr(not(feature = "mp3"), allow(dead_code))]
    #[error("the MP3 encoder failed: {0}")]
    Encode(String),
    /// This build has no encoder for the format (mp3 without the `mp3` feature).
    #[cfg_attr(feature = "mp3", allow(dead_code))]
    #[error("this sandbox build cannot encode that format")]
    Unsupported,
}

/// `channels` interleaved copies of `mono` (a slight pan keeps stereo from sounding flat).
pub(crate) fn interleave(mono: &[i16], channels: u16) -> Vec<i16> {
    if channels < 2 {
        return mono.to_vec();
    }
    let mut out = Vec::with_capacity(mono.len() * 2);
    for sample in mono {
        out.push(*sample);
        out.push((f32::from(*sample) * 0.9) as i16);
    }
    out
}

/// RIFF/WAVE, PCM 16-bit little endian.
pub(crate) fn wav(mono: &[i16], sample_rate: u32, channels: u16) -> Vec<u8> {
    let samples = interleave(mono, channels);
    let data_len = (samples.len() * 2) as u32;
    let block_align = channels * 2;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&channels.to_le_bytes());
    out.extend_from_slice(&sample_rate.to_le_bytes());
    out.extend_from_slice(&(sample_rate * u32::from(block_align)).to_le_bytes());
    out.extend_from_slice(&block_align.to_le_bytes());
    out.extend_from_slice(&16u16.to_le_bytes());
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for sample in samples {
        out.extend_from_slice(&sample.to_le_bytes());
    }
    out
}

#[cfg(feature = "mp3")]
pub(crate) use lame::mp3;

/// LAME (LGPL): linked only when the `mp3` feature is on (the tests), never in the shipped app.
#[cfg(feature = "mp3")]
mod lame {
    use super::EncodeError;
    use mp3lame_encoder::{Bitrate, Builder, DualPcm, FlushGap, Mode, MonoPcm, Quality};

    fn bitrate(bits_per_second: u32) -> Bitrate {
        match bits_per_second {
            32_000 => Bitrate::Kbps32,
            64_000 => Bitrate::Kbps64,
            256_000 => Bitrate::Kbps256,
            _ => Bitrate::Kbps128,
        }
    }

    /// MP3 via LAME. MPEG-2/2.5 rates cap the bitrate (160 kbps at 16–24 kHz, 64 kbps at 8 kHz):
    /// LAME picks the nearest valid one. At 32 kbps most rates give frames too small for the
    /// LAME/Info tag; without it decoders cannot trim the encoder delay, so such requests are
    /// encoded at 64 kbps instead (the decoded length then matches the duration header exactly).
    pub(crate) fn mp3(
        mono: &[i16],
        sample_rate: u32,
        channels: u16,
        bits_per_second: u32,
    ) -> Result<Vec<u8>, EncodeError> {
        let (bytes, tagged) = encode_mp3(mono, sample_rate, channels, bitrate(bits_per_second))?;
        if tagged || bits_per_second >= 64_000 {
            return Ok(bytes);
        }
        encode_mp3(mono, sample_rate, channels, Bitrate::Kbps64).map(|(bytes, _)| bytes)
    }

    /// Returns the stream and whether it starts with a LAME/Info tag.
    fn encode_mp3(
        mono: &[i16],
        sample_rate: u32,
        channels: u16,
        bitrate: Bitrate,
    ) -> Result<(Vec<u8>, bool), EncodeError> {
        let configure = |e: mp3lame_encoder::BuildError| EncodeError::Configure(e.to_string());
        let mut builder = Builder::new().ok_or_else(|| EncodeError::Configure("out of memory".into()))?;
        builder.set_num_channels(channels.clamp(1, 2) as u8).map_err(configure)?;
        builder.set_sample_rate(sample_rate).map_err(configure)?;
        builder.set_brate(bitrate).map_err(configure)?;
        builder.set_mode(if channels >= 2 { Mode::JointStereo } else { Mode::Mono }).map_err(configure)?;
        builder.set_quality(Quality::Good).map_err(configure)?;
        builder.set_to_write_vbr_tag(true).map_err(configure)?;
        let mut encoder = builder.build().map_err(configure)?;

        let mut out = Vec::with_capacity(mp3lame_encoder::max_required_buffer_size(mono.len()) + 7200);
        let encode = |e: mp3lame_encoder::EncodeError| EncodeError::Encode(e.to_string());
        // LAME takes the input in pieces; bounded chunks keep the output buffer small.
        for chunk in mono.chunks(32_768) {
            out.reserve(mp3lame_encoder::max_required_buffer_size(chunk.len()));
            if channels >= 2 {
                let right: Vec<i16> = chunk.iter().map(|s| (f32::from(*s) * 0.9) as i16).collect();
                encoder.encode_to_vec(DualPcm { left: chunk, right: &right }, &mut out).map_err(encode)?;
            } else {
                encoder.encode_to_vec(MonoPcm(chunk), &mut out).map_err(encode)?;
            }
        }
        out.reserve(7200);
        encoder.flush_to_vec::<FlushGap>(&mut out).map_err(encode)?;

        // The stream starts with a placeholder frame; overwrite it with the finished LAME/Info tag
        // (encoder delay and padding) so decoders return exactly the rendered samples.
        let mut tag = Vec::with_capacity(encoder.lame_tag_size().max(1));
        let tagged = encoder.lame_tag_encode_to_vec(&mut tag).is_some() && tag.len() <= out.len();
        if tagged {
            out[..tag.len()].copy_from_slice(&tag);
        }
        Ok((out, tagged))
    }
}
