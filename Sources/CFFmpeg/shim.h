// FFmpeg's headers for captionkit, with the few helpers Swift cannot import directly.
//
// Nothing here links FFmpeg: the module map has no `link` line, and the libraries are opened
// with dlopen at first use (Sources/CaptionMedia/FFmpeg/FFmpegLibrary.swift). So every
// helper below only evaluates macros and constants; none may call an FFmpeg function.
#ifndef CK_FFMPEG_SHIM_H
#define CK_FFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libavutil/opt.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>

// AVERROR(e) is a function-like macro, which Swift does not import.
static inline int ck_averror(int posix_error) { return AVERROR(posix_error); }

// AVERROR(EAGAIN): a function-like macro over errno's EAGAIN.
static inline int ck_averror_eagain(void) { return AVERROR(EAGAIN); }

// AVERROR_EOF is built with FFERRTAG, a function-like macro, so Swift does not see it.
static inline int ck_averror_eof(void) { return AVERROR_EOF; }

// AVERROR_INVALIDDATA: built with FFERRTAG, like AVERROR_EOF.
static inline int ck_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }

// AVERROR_DECODER_NOT_FOUND: built with FFERRTAG.
static inline int ck_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }

// AVERROR_DEMUXER_NOT_FOUND: built with FFERRTAG.
static inline int ck_averror_demuxer_not_found(void) { return AVERROR_DEMUXER_NOT_FOUND; }

// AVERROR_EXIT: built with FFERRTAG; what a read returns after the interrupt callback fires.
static inline int ck_averror_exit(void) { return AVERROR_EXIT; }

// AVERROR_STREAM_NOT_FOUND: built with FFERRTAG.
static inline int ck_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }

// AV_NOPTS_VALUE casts through UINT64_C, a macro expression Swift does not import.
static inline int64_t ck_nopts_value(void) { return AV_NOPTS_VALUE; }

// AV_TIME_BASE_Q is a compound literal, which Swift does not import.
static inline AVRational ck_time_base_q(void) { return AV_TIME_BASE_Q; }

// The type of av_log's callback. Swift rejects a written-out function type with a va_list
// parameter in @convention(c), but accepts the same type through this typedef.
typedef void (*ck_log_callback_f)(void *context, int level, const char *format, va_list args);

// The major versions name the sonames to dlopen (libavformat.so.59 for FFmpeg 5.1). They are
// plain integers, but going through a function keeps the library names in one place and
// checked against the headers the module was compiled with.
static inline int ck_avformat_version_major(void) { return LIBAVFORMAT_VERSION_MAJOR; }
static inline int ck_avcodec_version_major(void) { return LIBAVCODEC_VERSION_MAJOR; }
static inline int ck_avutil_version_major(void) { return LIBAVUTIL_VERSION_MAJOR; }
static inline int ck_swresample_version_major(void) { return LIBSWRESAMPLE_VERSION_MAJOR; }

// The function-pointer types of every FFmpeg function captionkit resolves with dlsym. Swift
// cannot name the type of an imported C function without referencing its symbol (which would
// make the linker look for FFmpeg); `__typeof__` gives the exact type without a reference.
#define CK_FUNCTION_TYPE(name) typedef __typeof__(&name) ck_##name##_f

// libavutil
CK_FUNCTION_TYPE(av_strerror);
CK_FUNCTION_TYPE(av_log_set_level);
CK_FUNCTION_TYPE(av_log_set_callback);
CK_FUNCTION_TYPE(av_malloc);
CK_FUNCTION_TYPE(av_mallocz);
CK_FUNCTION_TYPE(av_free);
CK_FUNCTION_TYPE(av_freep);
CK_FUNCTION_TYPE(av_strdup);
CK_FUNCTION_TYPE(av_dict_get);
CK_FUNCTION_TYPE(av_dict_set);
CK_FUNCTION_TYPE(av_dict_free);
CK_FUNCTION_TYPE(av_dict_copy);
CK_FUNCTION_TYPE(av_frame_alloc);
CK_FUNCTION_TYPE(av_frame_free);
CK_FUNCTION_TYPE(av_frame_unref);
CK_FUNCTION_TYPE(av_frame_get_buffer);
CK_FUNCTION_TYPE(av_channel_layout_default);
CK_FUNCTION_TYPE(av_channel_layout_uninit);
CK_FUNCTION_TYPE(av_channel_layout_copy);
CK_FUNCTION_TYPE(av_get_sample_fmt_name);
CK_FUNCTION_TYPE(av_get_bytes_per_sample);
CK_FUNCTION_TYPE(av_sample_fmt_is_planar);
CK_FUNCTION_TYPE(av_samples_get_buffer_size);
CK_FUNCTION_TYPE(av_rescale_q);
CK_FUNCTION_TYPE(av_rescale_q_rnd);
CK_FUNCTION_TYPE(av_get_media_type_string);
CK_FUNCTION_TYPE(av_opt_set_int);
CK_FUNCTION_TYPE(av_opt_set);
CK_FUNCTION_TYPE(avutil_version);

// libavcodec
CK_FUNCTION_TYPE(av_packet_alloc);
CK_FUNCTION_TYPE(av_packet_free);
CK_FUNCTION_TYPE(av_packet_unref);
CK_FUNCTION_TYPE(av_packet_ref);
CK_FUNCTION_TYPE(av_packet_rescale_ts);
CK_FUNCTION_TYPE(av_new_packet);
CK_FUNCTION_TYPE(av_packet_new_side_data);
CK_FUNCTION_TYPE(avcodec_find_decoder);
CK_FUNCTION_TYPE(avcodec_find_encoder);
CK_FUNCTION_TYPE(avcodec_find_encoder_by_name);
CK_FUNCTION_TYPE(avcodec_alloc_context3);
CK_FUNCTION_TYPE(avcodec_free_context);
CK_FUNCTION_TYPE(avcodec_parameters_to_context);
CK_FUNCTION_TYPE(avcodec_parameters_from_context);
CK_FUNCTION_TYPE(avcodec_parameters_copy);
CK_FUNCTION_TYPE(avcodec_open2);
CK_FUNCTION_TYPE(avcodec_send_packet);
CK_FUNCTION_TYPE(avcodec_receive_frame);
CK_FUNCTION_TYPE(avcodec_send_frame);
CK_FUNCTION_TYPE(avcodec_receive_packet);
CK_FUNCTION_TYPE(avcodec_flush_buffers);
CK_FUNCTION_TYPE(avcodec_decode_subtitle2);
CK_FUNCTION_TYPE(avcodec_encode_subtitle);
CK_FUNCTION_TYPE(avsubtitle_free);
CK_FUNCTION_TYPE(avcodec_get_name);
CK_FUNCTION_TYPE(avcodec_descriptor_get);
CK_FUNCTION_TYPE(avcodec_version);

// libavformat
CK_FUNCTION_TYPE(avformat_alloc_context);
CK_FUNCTION_TYPE(avformat_free_context);
CK_FUNCTION_TYPE(avformat_open_input);
CK_FUNCTION_TYPE(avformat_close_input);
CK_FUNCTION_TYPE(avformat_find_stream_info);
CK_FUNCTION_TYPE(av_find_best_stream);
CK_FUNCTION_TYPE(av_read_frame);
CK_FUNCTION_TYPE(av_dump_format);
CK_FUNCTION_TYPE(avformat_index_get_entries_count);
CK_FUNCTION_TYPE(avformat_index_get_entry);
CK_FUNCTION_TYPE(avio_size);
CK_FUNCTION_TYPE(av_seek_frame);
CK_FUNCTION_TYPE(avformat_seek_file);
CK_FUNCTION_TYPE(avformat_alloc_output_context2);
CK_FUNCTION_TYPE(avformat_new_stream);
CK_FUNCTION_TYPE(avformat_write_header);
CK_FUNCTION_TYPE(av_interleaved_write_frame);
CK_FUNCTION_TYPE(av_write_frame);
CK_FUNCTION_TYPE(av_write_trailer);
CK_FUNCTION_TYPE(avformat_query_codec);
CK_FUNCTION_TYPE(av_guess_format);
CK_FUNCTION_TYPE(avio_open);
CK_FUNCTION_TYPE(avio_open2);
CK_FUNCTION_TYPE(avio_closep);
CK_FUNCTION_TYPE(avio_alloc_context);
CK_FUNCTION_TYPE(avio_context_free);
CK_FUNCTION_TYPE(avformat_version);

// libswresample
CK_FUNCTION_TYPE(swr_alloc_set_opts2);
CK_FUNCTION_TYPE(swr_init);
CK_FUNCTION_TYPE(swr_convert);
CK_FUNCTION_TYPE(swr_get_delay);
CK_FUNCTION_TYPE(swr_free);
CK_FUNCTION_TYPE(swresample_version);

#undef CK_FUNCTION_TYPE

#endif
